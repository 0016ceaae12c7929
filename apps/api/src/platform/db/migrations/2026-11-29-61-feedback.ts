import type { Kysely } from 'kysely';

/*
 * "Was this helpful?": readers' answers on documents, software items and units, and the publishers' triage of them.
 * The queue is read per subject and status, the rate limit per reader and time, the helpful share per document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subjectKind', 'text', (c) => c.notNull())
    .addColumn('subjectId', 'text', (c) => c.notNull())
    .addColumn('subjectKey', 'text', (c) => c.notNull())
    .addColumn('subjectTitle', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('versionId', 'text')
    .addColumn('versionLabel', 'text')
    .addColumn('readerSub', 'text', (c) => c.notNull())
    .addColumn('readerName', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_items_subject').on('feedback_items').columns(['subjectKind', 'subjectId', 'status']).execute();
  await db.schema.createIndex('feedback_items_status').on('feedback_items').columns(['status', 'createdAt']).execute();
  await db.schema.createIndex('feedback_items_reader').on('feedback_items').columns(['readerSub', 'createdAt']).execute();
}
