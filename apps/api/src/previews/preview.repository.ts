import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DocumentVersionsTable } from '../platform/db/schema.ts';
import { reindexDocument } from '../modules/search/index.ts';

export type PreviewVersion = Selectable<DocumentVersionsTable>;

type PreviewColumns = Pick<Updateable<DocumentVersionsTable>, 'thumbnailKey' | 'previewPdfKey' | 'posterKey' | 'previewError'>;

export async function findPreviewVersion(db: Kysely<Database>, versionId: string): Promise<PreviewVersion | undefined> {
  return db.selectFrom('document_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
}

export async function updateVersionPreview(db: Kysely<Database>, versionId: string, columns: PreviewColumns): Promise<void> {
  await db.updateTable('document_versions').set(columns).where('id', '=', versionId).execute();
}

/** Stores a version's extracted text and page count and refreshes the search index, in one transaction. */
export async function saveVersionText(
  db: Kysely<Database>,
  version: Pick<PreviewVersion, 'id' | 'documentId'>,
  text: string,
  pageCount: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('document_texts')
      .values({ versionId: version.id, body: text })
      .onConflict((conflict) => conflict.column('versionId').doUpdateSet({ body: text }))
      .execute();
    await trx.updateTable('document_versions').set({ pageCount }).where('id', '=', version.id).execute();
    await reindexDocument(trx, version.documentId);
  });
}
