import { PostgresAdapter, type Kysely } from 'kysely';
import type { DialectName } from './database.ts';

/** Which SQL dialect a Kysely instance speaks; used where the two need different SQL (full-text search). */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Whether a Kysely instance speaks SQLite (the embedded mode). */
export function isSqlite<DB>(db: Kysely<DB>): boolean {
  return dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';
}
