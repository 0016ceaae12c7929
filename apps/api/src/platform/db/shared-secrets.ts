import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A secret every process shares, kept in the database: the first process to start stores the value
 * `create` makes (insert-if-absent), and every process, that one included, reads back the stored one.
 * Two processes starting at once thus agree on one value.
 */
export async function sharedSecret(db: Kysely<Database>, name: string, create: () => string | Promise<string>): Promise<string> {
  const stored = async () => (await db.selectFrom('shared_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  const existing = await stored();
  if (existing !== undefined) return existing;
  await db
    .insertInto('shared_secrets')
    .values({ name, value: await create(), updatedAt: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const value = await stored();
  if (value === undefined) throw new Error(`The shared secret ${name} could not be stored`);
  return value;
}

/** Replaces a shared secret with what `change` makes of the current value, one writer at a time. */
export async function changeSharedSecret(db: Kysely<Database>, name: string, change: (current: string | undefined) => string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('shared_secrets').select('value').where('name', '=', name);
    // PostgreSQL locks the row; SQLite serialises writers on its own.
    const current = (await (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).executeTakeFirst())?.value;
    const value = change(current);
    await trx
      .insertInto('shared_secrets')
      .values({ name, value, updatedAt: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, updatedAt: new Date().toISOString() }))
      .execute();
    return value;
  });
}
