import type { Kysely } from 'kysely';

/** A user's saved documents, software items and CAD items; one row per user, kind and item. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('userSub', 'text', (c) => c.notNull())
    .addColumn('itemKind', 'text', (c) => c.notNull())
    .addColumn('itemId', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['userSub', 'itemKind', 'itemId'])
    .execute();
  await db.schema.createIndex('favorites_user_created_idx').on('favorites').columns(['userSub', 'createdAt']).execute();
}

