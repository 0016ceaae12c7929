import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { NotificationMailStatus, NotificationsTable } from './alert.tables.ts';

export type NotificationRow = Selectable<NotificationsTable>;

/** Rows per insert: 15 values each stays well under SQLite's and PostgreSQL's parameter limits. */
const insertChunk = 500;

/** Inserts notifications in a few set-based statements; one a user already has for the version is kept. */
export async function insertNotifications(db: Kysely<Database>, rows: readonly Insertable<NotificationsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += insertChunk) {
    await db
      .insertInto('notifications')
      .values(rows.slice(start, start + insertChunk))
      .onConflict((conflict) => conflict.columns(['userSub', 'versionId']).doNothing())
      .execute();
  }
}

/** Ids of the version's notifications that wait for a mail (after a fan-out, to queue the mails). */
export async function pendingIdsOfVersion(db: Kysely<Database>, versionId: string): Promise<string[]> {
  const rows = await db.selectFrom('notifications').select('id').where('versionId', '=', versionId).where('mailStatus', '=', 'pending').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function listNotifications(db: Kysely<Database>, userSub: string, limit: number, offset: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('userSub', '=', userSub)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNotifications(db: Kysely<Database>, userSub: string): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('id').filterWhere('readAt', 'is', null).as('unread'),
    ])
    .where('userSub', '=', userSub)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** Marks the user's notifications read (the given ones, or all when `ids` is undefined). */
export async function markRead(db: Kysely<Database>, userSub: string, ids: readonly string[] | undefined, now: string): Promise<void> {
  let query = db.updateTable('notifications').set({ readAt: now }).where('userSub', '=', userSub).where('readAt', 'is', null);
  if (ids) query = query.where('id', 'in', [...ids]);
  await query.execute();
}

/** A notification waiting for its mail, with what decides how it is mailed. */
export interface PendingMailRow extends NotificationRow {
  mailFrequency: string | null;
}

export async function pendingMails(db: Kysely<Database>, ids: readonly string[]): Promise<PendingMailRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('notifications')
    .leftJoin('alert_preferences', 'alert_preferences.userSub', 'notifications.userSub')
    .selectAll('notifications')
    .select('alert_preferences.email as mailFrequency')
    .where('notifications.id', 'in', [...ids])
    .where('notifications.mailStatus', '=', 'pending')
    .orderBy('notifications.createdAt')
    .execute();
}

export async function pendingMailsOfUser(db: Kysely<Database>, userSub: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('userSub', '=', userSub)
    .where('mailStatus', '=', 'pending')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function setMailStatus(db: Kysely<Database>, ids: readonly string[], status: NotificationMailStatus, now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set(status === 'sent' ? { mailStatus: status, mailedAt: now } : { mailStatus: status })
    .where('id', 'in', [...ids])
    .execute();
}

export async function setMailQueuedAt(db: Kysely<Database>, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mailQueuedAt: now }).where('id', 'in', [...ids]).execute();
}

/**
 * Users of a digest frequency with pending mails whose last digest was before `lastBefore` (or
 * never); `isDefault` counts users without stored preferences in.
 */
export async function usersDueForDigest(db: Kysely<Database>, email: 'daily' | 'weekly', isDefault: boolean, lastBefore: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('alert_preferences', 'alert_preferences.userSub', 'notifications.userSub')
    .select('notifications.userSub')
    .distinct()
    .where('notifications.mailStatus', '=', 'pending')
    .where((eb) => {
      const chosen = eb('alert_preferences.email', '=', email);
      return isDefault ? eb.or([chosen, eb('alert_preferences.email', 'is', null)]) : chosen;
    })
    .where((eb) => eb.or([eb('alert_preferences.lastDigestAt', 'is', null), eb('alert_preferences.lastDigestAt', '<', lastBefore)]))
    .orderBy('notifications.userSub')
    .execute();
  return rows.map((row) => row.userSub);
}

/**
 * Pending mails of users mailed at once that were queued before `queuedBefore` (their job gave up,
 * e.g. while the mail server was down), or never queued: they are queued again.
 */
export async function strandedImmediateMails(db: Kysely<Database>, queuedBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .innerJoin('alert_preferences', 'alert_preferences.userSub', 'notifications.userSub')
    .select('notifications.id')
    .where('notifications.mailStatus', '=', 'pending')
    .where('alert_preferences.email', '=', 'immediate')
    .where((eb) => eb.or([eb('notifications.mailQueuedAt', 'is', null), eb('notifications.mailQueuedAt', '<', queuedBefore)]))
    .orderBy('notifications.createdAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
