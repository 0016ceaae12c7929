import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Every storage key the software versions' files refer to. */
export async function softwareFileKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('software_files').select('storageKey').execute();
  return rows.map((row) => row.storageKey);
}
