import type { Kysely } from 'kysely';

/*
 * Source and translations: a translation names the language of its variant group's source document and the
 * source revision it was translated from; both null on a source (or a document without translations).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('sourceLanguage', 'text').execute();
  await db.schema.alterTable('documents').addColumn('followsRevision', 'text').execute();
}
