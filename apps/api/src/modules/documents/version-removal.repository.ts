import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Deletes one version row (its extracted text goes with it by cascade); the stored file is left to the file store. */
export async function deleteVersionRow(db: Kysely<Database>, documentId: string, versionId: string): Promise<void> {
  await db.deleteFrom('document_versions').where('id', '=', versionId).where('documentId', '=', documentId).execute();
}
