import { PostgresAdapter, type Kysely } from 'kysely';
import type { DialectName } from './database.ts';

/** Which SQL dialect a Kysely instance speaks; used where the two need different SQL (full-text search). */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
