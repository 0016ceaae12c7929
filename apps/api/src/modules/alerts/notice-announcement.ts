import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database, NotificationsTable } from '../../platform/db/schema.ts';
import { followerAsUser } from './fan-out.service.ts';
import { findProductFollowers } from './notice-followers.repository.ts';
import { insertNotifications } from './notification.repository.ts';

/** A safety or change notice just published on a product's units. */
export interface AnnouncedNotice {
  id: string;
  kind: string;
  title: string;
  body: string;
  productCode: string;
}

/** The page a follower should open for the notice, or null when it concerns no unit they may see. */
export type NoticeReach = (user: AuthUser) => Promise<string | null>;

/** Notices share the notifications' one-per-user key with versions: this key can never be a version id. */
export const noticeNotificationKey = (noticeId: string) => `notice:${noticeId}`;

/**
 * In-app notifications about a notice for the followers of its product whom `reach` gives a page
 * (the units module decides which units they may see). Mails are left to the document fan-out:
 * they re-check a document version, which a notice does not have. Idempotent per user and notice.
 */
export async function announceNotice(db: Kysely<Database>, notice: AnnouncedNotice, reach: NoticeReach): Promise<number> {
  const createdAt = new Date().toISOString();
  const key = noticeNotificationKey(notice.id);
  const rows: Array<Insertable<NotificationsTable>> = [];
  for (const follower of await findProductFollowers(db, notice.productCode)) {
    const user = followerAsUser(follower);
    const link = user ? await reach(user) : null;
    if (!user || !link) continue;
    rows.push({
      id: createHash('sha256').update(`${user.sub}\n${key}`).digest('base64url').slice(0, 32),
      userSub: user.sub,
      event: 'notice',
      documentId: notice.id,
      versionId: key,
      title: notice.title,
      versionLabel: notice.kind,
      changeNote: notice.body,
      link,
      createdAt,
      readAt: null,
      mailStatus: 'skipped',
      mailQueuedAt: null,
      mailedAt: null,
    });
  }
  await insertNotifications(db, rows);
  return rows.length;
}
