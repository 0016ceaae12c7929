import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * SQLite's FTS5 table cannot find a row by its UNINDEXED documentId without reading every row, so
 * replacing one document's index row grew slower with every document indexed. Each document gets
 * a stable FTS5 rowid instead, kept in an ordinary table. PostgreSQL's table has documentId as its
 * primary key and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await db.schema
    .createTable('document_search_rowids')
    .addColumn('searchRowid', 'integer', (c) => c.primaryKey())
    .addColumn('documentId', 'text', (c) => c.notNull().unique())
    .execute();
  await sql`INSERT INTO document_search_rowids ("searchRowid", "documentId") SELECT rowid, "documentId" FROM document_search`.execute(db);
}
