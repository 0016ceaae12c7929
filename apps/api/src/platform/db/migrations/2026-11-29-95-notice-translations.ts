import type { Kysely } from 'kysely';

/*
 * Notices get translations like documents (issue 31): a notice is written in one language (its source,
 * English for those published before) and may carry the same notice in other languages, one text a language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('unit_notices').addColumn('languageCode', 'text', (c) => c.notNull().defaultTo('en')).execute();
  await db.schema
    .createTable('unit_notice_translations')
    .addColumn('noticeId', 'text', (c) => c.notNull().references('unit_notices.id').onDelete('cascade'))
    .addColumn('languageCode', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('unit_notice_translations_pk', ['noticeId', 'languageCode'])
    .execute();
}
