import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Names of the software items among `ids` (any audience), by id, with the equipment name their page uses: one query. */
export async function softwareTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('software_items').select(['id', 'name', 'equipmentName']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: row.name, ref: row.equipmentName }]));
}
