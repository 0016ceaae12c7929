import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { DocumentVersionsTable } from '../modules/documents/index.ts';

export type PreviewVersion = Selectable<DocumentVersionsTable>;

type PreviewColumns = Pick<Updateable<DocumentVersionsTable>, 'thumbnailKey' | 'previewPdfKey' | 'posterKey' | 'previewError'>;

export async function findPreviewVersion(db: Kysely<Database>, versionId: string): Promise<PreviewVersion | undefined> {
  return db.selectFrom('document_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
}

export async function updateVersionPreview(db: Kysely<Database>, versionId: string, columns: PreviewColumns): Promise<void> {
  await db.updateTable('document_versions').set(columns).where('id', '=', versionId).execute();
}

/** Stores a version's extracted text and page count; run it in the transaction that announces the text (preview-jobs.ts). */
export async function saveVersionText(db: Kysely<Database>, versionId: string, text: string, pageCount: number | null): Promise<void> {
  await db
    .insertInto('document_texts')
    .values({ versionId, body: text })
    .onConflict((conflict) => conflict.column('versionId').doUpdateSet({ body: text }))
    .execute();
  await db.updateTable('document_versions').set({ pageCount }).where('id', '=', versionId).execute();
}
