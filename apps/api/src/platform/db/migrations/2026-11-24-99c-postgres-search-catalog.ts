import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Channel of the notices below; the payload is the schema whose content changed. */
export const contentCommitChannel = 'portal_content';

/*
 * PostgreSQL searches through the same in-memory catalog as SQLite, which identifies a document by
 * a small integer: document_search gets one (a new one whenever a document's index row is
 * replaced), and the view document_search_rowids gives it the name SQLite's table has.
 *
 * The catalog is a copy of what search shows, so every process must hear of a commit that changes
 * it, whichever process (or command-line tool) made it: a statement trigger on each table the
 * catalog reads sends a notice, which PostgreSQL delivers at commit and only then.
 */
const watched: Array<{ table: string; update: string[] | 'all' }> = [
  { table: 'documents', update: ['serviceRef', 'title', 'typeCode', 'languageCode', 'audience', 'status', 'currentVersionId'] },
  { table: 'document_versions', update: ['publishedAt'] },
  { table: 'document_search', update: 'all' },
  { table: 'document_products', update: 'all' },
  { table: 'document_access', update: 'all' },
  { table: 'search_vocabulary', update: 'all' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  // A word's matches are read from the table's rows (their rowids): rows that keep only their keys
  // and pointers to their text are read from 2.5 times fewer pages (35 MB of rows for 100,000
  // documents became 13 MB; a word in a fifth of them took 21 ms instead of 47). Adding the column
  // below rewrites every row, with this target.
  await sql`ALTER TABLE document_search SET (toast_tuple_target = 128)`.execute(db);
  await sql`ALTER TABLE document_search ADD COLUMN "searchRowid" integer GENERATED ALWAYS AS IDENTITY`.execute(db);
  await sql`CREATE UNIQUE INDEX document_search_rowid_idx ON document_search ("searchRowid")`.execute(db);
  await sql`CREATE VIEW document_search_rowids AS SELECT "searchRowid", "documentId" FROM document_search`.execute(db);
  await sql`
    CREATE FUNCTION notify_content_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${sql.lit(contentCommitChannel)}, current_schema());
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, update } of watched) {
    const events = update === 'all' ? sql`INSERT OR UPDATE OR DELETE OR TRUNCATE` : sql`INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${sql.join(update.map((column) => sql.ref(column)))}`;
    await sql`CREATE TRIGGER ${sql.ref(`${table}_content_commit`)} AFTER ${events} ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_content_commit()`.execute(db);
  }
}
