import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Every storage key the documents' versions refer to (the file, its thumbnail, PDF preview and poster), once each. */
export async function documentFileKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('document_versions')
    .select('storageKey as key')
    .union(db.selectFrom('document_versions').select('thumbnailKey as key').where('thumbnailKey', 'is not', null).$narrowType<{ key: string }>())
    .union(db.selectFrom('document_versions').select('previewPdfKey as key').where('previewPdfKey', 'is not', null).$narrowType<{ key: string }>())
    .union(db.selectFrom('document_versions').select('posterKey as key').where('posterKey', 'is not', null).$narrowType<{ key: string }>())
    .execute();
  return rows.map((row) => row.key);
}
