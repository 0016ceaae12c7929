import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Name and e-mail of the users among `subjects` as last seen, by subject: one query. */
export async function userNames(db: Kysely<Database>, subjects: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (subjects.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['sub', 'name', 'email', 'lastSeenAt']).where('sub', 'in', [...subjects]).orderBy('lastSeenAt', 'asc').execute();
  // Oldest first: the latest sighting of a subject wins.
  return new Map(rows.map((row) => [row.sub, { name: row.name, email: row.email }]));
}
