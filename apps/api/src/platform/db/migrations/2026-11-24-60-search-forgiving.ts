import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * Search that forgives: the index holds words folded and stemmed in JavaScript (the search
 * module's search-text.ts), the same tokens for both engines, in `titleTerms` and `bodyTerms`;
 * `title` stays as written, unindexed. `search_vocabulary` counts, per indexed word and stem, the
 * documents holding it: typo corrections and "did you mean" come from it. The old index cannot be
 * converted in SQL: when it held documents, `search_index_tasks` asks the server to rebuild it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  const { rows } = await sql<{ indexed: number | string }>`SELECT count(*) AS indexed FROM document_search`.execute(db);
  const hadDocuments = Number(rows[0]?.indexed ?? 0) > 0;
  await sql`DROP TABLE document_search`.execute(db);
  if (sqlite) {
    await sql`CREATE VIRTUAL TABLE document_search USING fts5(
      "documentId" UNINDEXED, title UNINDEXED, "titleTerms", "bodyTerms",
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
    )`.execute(db);
  } else {
    await sql`CREATE TABLE document_search (
      "documentId" text PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      title text NOT NULL,
      "titleTerms" text NOT NULL,
      "bodyTerms" text NOT NULL,
      tsv tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', "titleTerms"), 'A') || setweight(to_tsvector('simple', "bodyTerms"), 'B')
      ) STORED
    )`.execute(db);
    await sql`CREATE INDEX document_search_tsv_idx ON document_search USING gin (tsv)`.execute(db);
  }
  await db.schema
    .createTable('search_vocabulary')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createTable('search_index_tasks').addColumn('task', 'text', (c) => c.primaryKey()).execute();
  if (hadDocuments) await db.insertInto('search_index_tasks').values({ task: 'rebuild' }).execute();
}
