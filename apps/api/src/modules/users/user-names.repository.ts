import type { Kysely } from 'kysely';
import { localAccountNames } from '../../auth/accounts/local-account-store.ts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Name and e-mail of the users among `subjects` by subject: a local account as the console keeps it (also one that
 * never signed in), anyone else as last seen. Two queries.
 */
export async function userNames(db: Kysely<Database>, subjects: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (subjects.length === 0) return new Map();
  const [rows, local] = await Promise.all([
    db.selectFrom('users').select(['sub', 'name', 'email', 'lastSeenAt']).where('sub', 'in', [...subjects]).orderBy('lastSeenAt', 'asc').execute(),
    localAccountNames(db, subjects),
  ]);
  // Oldest first: the latest sighting of a subject wins.
  return new Map([...rows.map((row) => [row.sub, { name: row.name, email: row.email }] as const), ...local]);
}
