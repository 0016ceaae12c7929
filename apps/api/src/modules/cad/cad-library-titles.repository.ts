import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Names of the partner libraries among `ids`, by id: one query. */
export async function cadLibraryTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('cad_libraries').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { title: row.name, ref: row.id }]));
}
