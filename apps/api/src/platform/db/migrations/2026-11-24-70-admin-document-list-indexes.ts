import type { Kysely } from 'kysely';

/*
 * The console's document list sorts every document by title, type or last change and pages through
 * them: each order gets an index ending in the id (the tie-breaker), so a page is read from the index
 * instead of sorting the whole table. The type index also serves the type filter sorted by title.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('documents_title_id_idx').on('documents').columns(['title', 'id']).execute();
  await db.schema.createIndex('documents_type_title_id_idx').on('documents').columns(['typeCode', 'title', 'id']).execute();
  await db.schema.createIndex('documents_updated_id_idx').on('documents').columns(['updatedAt', 'id']).execute();
}
