import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { NotificationEvent } from '@portal/contracts/alerts';
import type { AuthUser } from '@portal/contracts/users';
import { viewerKey } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { NotificationsTable } from './alert.tables.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { userOfStoredClaims } from '../users/index.ts';
import { alertJobKinds, mailBatchSize } from './alert-job-kinds.ts';
import type { FollowerRow } from './fan-out.repository.ts';
import { insertNotifications } from './notification.repository.ts';
import { frequencyOf } from './preference.service.ts';

/** What is new, as every follower's notification tells it (`link` and `changeNote` may differ per follower). */
export interface News extends Pick<NotificationsTable, 'documentId' | 'versionId' | 'title' | 'versionLabel' | 'changeNote' | 'link'> {
  event: NotificationEvent;
}

/** One follower to tell, with what differs for them. */
export interface Recipient {
  follower: FollowerRow;
  link?: string;
  changeNote?: string;
}

export const followerAsUser = (row: FollowerRow): AuthUser | undefined => userOfStoredClaims(row);

/** The same id for the same user and version, so that a retried fan-out queues the same mails. */
export const notificationId = (userSub: string, versionId: string) => createHash('sha256').update(`${userSub}\n${versionId}`).digest('base64url').slice(0, 32);

/**
 * A per-user question answered once per kind of viewer (users the access rules cannot tell apart),
 * as the fan-outs ask it of every follower.
 */
export function perViewer<T>(answer: (user: AuthUser) => Promise<T>): (user: AuthUser) => Promise<T> {
  const answers = new Map<string, Promise<T>>();
  return (user) => {
    const key = viewerKey(user);
    let found = answers.get(key);
    if (!found) {
      found = answer(user);
      answers.set(key, found);
    }
    return found;
  };
}

/** The followers whose stored claims still read as a user and who pass `allowed` (asked once per kind of viewer), with that user. */
export async function followersAllowed(
  followers: readonly FollowerRow[],
  allowed: (user: AuthUser) => Promise<boolean>,
): Promise<Array<{ follower: FollowerRow; user: AuthUser }>> {
  const ask = perViewer(allowed);
  const kept: Array<{ follower: FollowerRow; user: AuthUser }> = [];
  for (const follower of followers) {
    const user = followerAsUser(follower);
    if (user && (await ask(user))) kept.push({ follower, user });
  }
  return kept;
}

/**
 * In-app notifications of the news for these followers, inserted set-wise, and the mail jobs of
 * those mailed at once (in batches); a digest picks up the others' pending mails. Idempotent: a
 * retry inserts and queues nothing twice.
 */
export async function notifyFollowers(db: Kysely<Database>, news: News, recipients: readonly Recipient[]): Promise<number> {
  const createdAt = new Date().toISOString();
  const rows: Array<Insertable<NotificationsTable>> = recipients.map(({ follower, link, changeNote }) => {
    const frequency = frequencyOf(follower.mailFrequency);
    return {
      ...news,
      link: link ?? news.link,
      changeNote: changeNote ?? news.changeNote,
      id: notificationId(follower.sub, news.versionId),
      userSub: follower.sub,
      createdAt,
      readAt: null,
      mailStatus: frequency === 'off' ? 'skipped' : 'pending',
      mailQueuedAt: frequency === 'immediate' ? createdAt : null,
      mailedAt: null,
    };
  });
  const immediate = rows.filter((row) => row.mailQueuedAt !== null).map((row) => row.id);
  await db.transaction().execute(async (trx) => {
    await insertNotifications(trx, rows);
    for (let start = 0, batch = 0; start < immediate.length; start += mailBatchSize, batch += 1) {
      const ids = immediate.slice(start, start + mailBatchSize);
      // Keyed by its recipients: a retried fan-out queues the same job, a later one (a wider audience) its own.
      const recipientsKey = createHash('sha256').update(ids.join('\n')).digest('base64url').slice(0, 16);
      await enqueueJob(trx, { kind: alertJobKinds.mail, payload: { ids }, dedupeKey: `${alertJobKinds.mail}:${news.versionId}:${batch}:${recipientsKey}` });
    }
  });
  return rows.length;
}
