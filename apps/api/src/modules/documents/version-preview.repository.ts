import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { upsertVersionText } from './document.repository.ts';
import type { DocumentVersionsTable } from './document.tables.ts';

/* What the preview jobs (previews/) read of a version and write back onto it: thumbnails, renditions, text. */

export type PreviewVersion = Selectable<DocumentVersionsTable>;

export type PreviewColumns = Pick<Updateable<DocumentVersionsTable>, 'thumbnailKey' | 'previewPdfKey' | 'posterKey' | 'previewError'>;

export async function findPreviewVersion(db: Kysely<Database>, versionId: string): Promise<PreviewVersion | undefined> {
  return db.selectFrom('document_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
}

export async function updateVersionPreview(db: Kysely<Database>, versionId: string, columns: PreviewColumns): Promise<void> {
  await db.updateTable('document_versions').set(columns).where('id', '=', versionId).execute();
}

/** Stores a version's extracted text and page count; run it in the transaction that announces the text (previews/preview-jobs.ts). */
export async function saveVersionText(db: Kysely<Database>, versionId: string, text: string, pageCount: number | null): Promise<void> {
  await upsertVersionText(db, versionId, text);
  await db.updateTable('document_versions').set({ pageCount }).where('id', '=', versionId).execute();
}
