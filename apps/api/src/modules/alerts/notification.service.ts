import type { Kysely } from 'kysely';
import type { MarkNotificationsReadBody, Notification, NotificationListQuery, NotificationListResponse } from '@portal/contracts/alerts';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { countNotifications, listNotifications, markRead, type NotificationRow } from './notification.repository.ts';

const present = (row: NotificationRow): Notification => ({
  id: row.id,
  event: row.event,
  documentId: row.documentId,
  title: row.title,
  versionLabel: row.versionLabel,
  changeNote: row.changeNote,
  link: row.link,
  createdAt: row.createdAt,
  read: row.readAt !== null,
});

/** GET /api/Notifications: the user's own, newest first, with the unread count. */
export async function myNotifications(db: Kysely<Database>, user: AuthUser, { page, pageSize }: NotificationListQuery): Promise<NotificationListResponse> {
  const [rows, counts] = await Promise.all([listNotifications(db, user.sub, pageSize, (page - 1) * pageSize), countNotifications(db, user.sub)]);
  return { items: rows.map(present), ...counts };
}

/** POST /api/Notifications/read: marks the given ones (ids of others are ignored) or all read; answers the unread count. */
export async function markMyNotificationsRead(db: Kysely<Database>, user: AuthUser, body: MarkNotificationsReadBody): Promise<{ unread: number }> {
  await markRead(db, user.sub, 'ids' in body ? body.ids : undefined, new Date().toISOString());
  return { unread: (await countNotifications(db, user.sub)).unread };
}
