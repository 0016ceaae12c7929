import type { Kysely } from 'kysely';

/*
 * Alerts: what each user follows (documents, software items, products, saved searches), their mail
 * preferences, and the in-app notifications made when something new is published for them (each
 * also tracks whether it still has to be mailed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('userSub', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('itemId', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // 1 when a download made it, 0 when the user chose it.
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['userSub', 'kind', 'itemId'])
    .execute();
  // The fan-out looks followers up by item.
  await db.schema.createIndex('follows_item_idx').on('follows').columns(['kind', 'itemId']).execute();

  await db.schema
    .createTable('alert_preferences')
    .addColumn('userSub', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('autoFollowDownloads', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('lastDigestAt', 'text')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userSub', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('documentId', 'text', (c) => c.notNull())
    .addColumn('versionId', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('versionLabel', 'text', (c) => c.notNull())
    .addColumn('changeNote', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('readAt', 'text')
    // 'pending' until mailed (alone or in a digest), 'sent', or 'skipped' (mails off, or access lost).
    .addColumn('mailStatus', 'text', (c) => c.notNull())
    .addColumn('mailQueuedAt', 'text')
    .addColumn('mailedAt', 'text')
    .execute();
  // One notification per user and version, whatever made them follow it (a retried fan-out adds nothing).
  await db.schema.createIndex('notifications_user_version_idx').on('notifications').columns(['userSub', 'versionId']).unique().execute();
  await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['userSub', 'createdAt']).execute();
  await db.schema.createIndex('notifications_mail_idx').on('notifications').columns(['mailStatus', 'userSub']).execute();
}
