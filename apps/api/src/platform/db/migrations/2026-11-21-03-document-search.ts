import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * The full-text index: one row per searchable document (title + text of its current version).
 * Both dialects tokenise without stemming ('simple' / unicode61) so they find the same documents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE document_search USING fts5(
      "documentId" UNINDEXED, title, body,
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
    )`.execute(db);
    return;
  }
  await sql`CREATE TABLE document_search (
    "documentId" text PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    title text NOT NULL,
    body text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
    ) STORED
  )`.execute(db);
  await sql`CREATE INDEX document_search_tsv_idx ON document_search USING gin (tsv)`.execute(db);
}
