import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Every storage key the CAD files and the partner libraries’ files refer to. */
export async function cadFileKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('cad_files')
    .select('storageKey as key')
    .union(db.selectFrom('cad_library_files').select('storageKey as key'))
    .execute();
  return rows.map((row) => row.key);
}
