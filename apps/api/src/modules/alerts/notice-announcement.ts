import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { NoticeReach } from './alert-deps.ts';
import { findFollowersOf } from './fan-out.repository.ts';
import { noticeFollows, type SerialsQuery } from './notice-followers.repository.ts';
import { followerAsUser, notifyFollowers, type Recipient } from './notify.ts';


/** A safety or change notice just published on a product's units. */
export interface AnnouncedNotice {
  id: string;
  kind: string;
  title: string;
  body: string;
  productCode: string;
  /** The serial numbers of the units it concerns (a subquery of the units module). */
  serials: SerialsQuery;
}

/** Notices share the notifications' one-per-user key with versions: this key can never be a version id. */
export const noticeNotificationKey = (noticeId: string) => `notice:${noticeId}`;

/**
 * Notifications about a notice, in-app and mailed like any other, for the followers of its product
 * and of the units it concerns whom `reach` (the units module: which units they may see) gives a
 * page. A unit's follower lands on the followed unit; a product's on its one unit they may see, or
 * the list. Idempotent per user and notice.
 */
export async function announceNotice(db: Kysely<Database>, notice: AnnouncedNotice, reach: NoticeReach): Promise<number> {
  const follows = await noticeFollows(db, notice.productCode, notice.serials);
  const followsProduct = new Set(follows.filter((row) => row.kind === 'product').map((row) => row.userSub));
  const followedUnits = new Map<string, string[]>();
  for (const row of follows) if (row.kind === 'unit') followedUnits.set(row.userSub, [...(followedUnits.get(row.userSub) ?? []), row.itemId]);
  const followers = await findFollowersOf(db, [
    { kind: 'product', itemIds: [notice.productCode] },
    { kind: 'unit', itemIds: follows.filter((row) => row.kind === 'unit').map((row) => row.itemId) },
  ]);
  const recipients: Recipient[] = [];
  for (const follower of followers) {
    const user = followerAsUser(follower);
    const link = user && (await reach(user, followsProduct.has(follower.sub) ? undefined : (followedUnits.get(follower.sub) ?? [])));
    if (link) recipients.push({ follower, link });
  }
  return notifyFollowers(
    db,
    { event: 'notice', documentId: notice.id, versionId: noticeNotificationKey(notice.id), title: notice.title, versionLabel: notice.kind, changeNote: notice.body, link: '' },
    recipients,
  );
}
