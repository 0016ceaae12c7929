import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * PostgreSQL: a tsvector of the title alone, with its own GIN index. Ranking asked "is the word in
 * the title?" of the whole tsvector (about 10 KB of body text per document, stored out of line),
 * so a search for a frequent word read back and decompressed that for every matching document.
 * SQLite ranks in its in-memory catalog and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`ALTER TABLE document_search ADD COLUMN "titleTsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "titleTerms")) STORED`.execute(db);
  await sql`CREATE INDEX document_search_title_tsv_idx ON document_search USING gin ("titleTsv")`.execute(db);
}
