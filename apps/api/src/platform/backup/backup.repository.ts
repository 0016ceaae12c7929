import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Tables of the database's own (the migrations' bookkeeping included): 0 for a database nothing was ever written to. */
export async function userTableCount(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  const query = dialect === 'sqlite'
    ? sql<{ count: number }>`select count(*) as count from sqlite_master where type = 'table' and name not like 'sqlite_%'`
    : sql<{ count: number }>`select count(*) as count from information_schema.tables where table_schema = current_schema()`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.count ?? 0);
}
