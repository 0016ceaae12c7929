import type { Kysely } from 'kysely';

/*
 * The subjects erased (users module): a keyed digest of each, never the subject, e-mail or name, and when.
 * Authentication refuses a token whose subject is listed, so an old token cannot bring the person back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_subjects')
    .addColumn('subjectDigest', 'text', (column) => column.primaryKey())
    .addColumn('erasedAt', 'text', (column) => column.notNull())
    .execute();
}
