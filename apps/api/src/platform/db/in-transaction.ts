import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (so the work commits or rolls back
 * with the rest of the change, such as its audit entry), else a new one.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
