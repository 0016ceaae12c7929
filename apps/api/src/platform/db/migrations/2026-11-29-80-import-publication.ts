import type { Kysely } from 'kysely';

/*
 * What becomes of the documents a browser import creates: `draft` (reviewed and published by a publisher
 * afterwards), `now`, or the ISO time they are scheduled for. Imports made before published at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin_imports').addColumn('publication', 'text', (c) => c.notNull().defaultTo('now')).execute();
}
