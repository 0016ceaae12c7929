import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

/* A `settings` row per finished demo seed, so content deleted later by an admin is not seeded again. */

const keyOf = (name: string) => `demoSeed:${name}`;

export async function isSeeded(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', keyOf(name)).executeTakeFirst();
  return row !== undefined;
}

export async function markSeeded(db: Kysely<Database>, name: string, at = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: keyOf(name), value: at, updatedAt: at })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
