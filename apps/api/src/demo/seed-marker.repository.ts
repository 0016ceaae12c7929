import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../platform/db/dialect.ts';
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

/** Any fixed number: the PostgreSQL advisory lock that one demo seed at a time holds. */
const demoSeedLockId = 7_340_217;

/**
 * Runs the demo seed alone: API processes starting together on an empty PostgreSQL database each
 * start a seed; the later ones wait here and then find the content there. The lock lives on one
 * connection of its own and ends with it, so a seed killed midway releases it. (SQLite serves one host.)
 */
export async function withDemoSeedLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db as unknown as Kysely<unknown>) !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${demoSeedLockId})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${demoSeedLockId})`.execute(connection);
    }
  });
}
