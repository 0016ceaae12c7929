import type { Kysely } from 'kysely';

/*
 * Statistics: document views counted per document, UTC day and account of the reader ('' for readers
 * without an account). One row per combination, its count raised by an upsert on each view: the table
 * grows with distinct readers' accounts per day, not with views.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_views')
    .addColumn('documentId', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_views_pk', ['documentId', 'day', 'account'])
    .execute();
  // The statistics read a range of days, all documents or filtered.
  await db.schema.createIndex('document_views_day_idx').on('document_views').columns(['day', 'documentId']).execute();
  // Downloads were only read per user so far; the statistics read them by kind and time.
  await db.schema.createIndex('download_records_kind_created_idx').on('download_records').columns(['itemKind', 'createdAt']).execute();
}
