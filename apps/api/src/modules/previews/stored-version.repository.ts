import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** The video poster stored for a file, from any version that holds these bytes and has one. */
export async function findPosterKey(db: Kysely<Database>, storageKey: string): Promise<string | null> {
  const row = await db
    .selectFrom('document_versions')
    .select('posterKey')
    .where('storageKey', '=', storageKey)
    .where('posterKey', 'is not', null)
    .executeTakeFirst();
  return row?.posterKey ?? null;
}

/** The document versions that hold a stored file (the same bytes may back several versions). */
export async function listVersionIdsHolding(db: Kysely<Database>, storageKey: string): Promise<string[]> {
  const rows = await db.selectFrom('document_versions').select('id').where('storageKey', '=', storageKey).execute();
  return rows.map((row) => row.id);
}
