import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { audienceCheck, documentSubject, subjectFacts, viewerKey } from '../../platform/access/index.ts';
import type { NotificationsTable } from '../../platform/db/schema.ts';
import { userOfStoredClaims } from '../users/index.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { AlertDeps } from './alert-deps.ts';
import { alertJobKinds, mailBatchSize } from './alert-job-kinds.ts';
import { findFollowers, findPublication, followedSearches, type FollowerRow, type Publication } from './fan-out.repository.ts';
import { insertNotifications } from './notification.repository.ts';
import { frequencyOf } from './preference.service.ts';
import { searchMatches } from './search-follow.ts';

/** The portal's document link of one version (spec §2: `/DocumentLink/{serviceRef}-{resourceVersion}`). */
export const documentLinkPath = (serviceRef: string, resourceVersion: string) => `/DocumentLink/${encodeURIComponent(`${serviceRef}-${resourceVersion}`)}`;

/** The same id for the same user and version, so that a retried fan-out queues the same mails. */
const notificationId = (userSub: string, versionId: string) => createHash('sha256').update(`${userSub}\n${versionId}`).digest('base64url').slice(0, 32);

export const followerAsUser = (row: FollowerRow): AuthUser | undefined => userOfStoredClaims(row);

/** The followers who may see the document now: the audience rule compiled once per kind of viewer, checked in memory. */
function followersAllowed(publication: Publication, followers: readonly FollowerRow[]): FollowerRow[] {
  const now = new Date().toISOString();
  const facts = subjectFacts(documentSubject, publication);
  const answers = new Map<string, boolean>();
  return followers.filter((follower) => {
    const user = followerAsUser(follower);
    if (!user) return false;
    const key = viewerKey(user);
    let allowed = answers.get(key);
    if (allowed === undefined) {
      allowed = audienceCheck(user, documentSubject, now)(facts, publication.grants);
      answers.set(key, allowed);
    }
    return allowed;
  });
}

/** A new version is news when it is the document's first (a new document) or flagged significant; a minor fix notifies nobody. */
function isNews(publication: Publication): boolean {
  return publication.versionStatus === 'published' && (publication.isFirstVersion || publication.significant === 1);
}

/**
 * The `alerts.fanOut` job: in-app notifications for every follower of the document, of one of its
 * products or of a saved search it matches who may see it, inserted set-wise, and the mail jobs of
 * those mailed at once (in batches). Idempotent: a retry inserts and queues nothing twice.
 */
export async function fanOutPublication({ db }: Pick<AlertDeps, 'db'>, versionId: string): Promise<number> {
  const publication = await findPublication(db, versionId);
  if (!publication || !isNews(publication)) return 0;
  const searches = (await followedSearches(db)).filter((search) => searchMatches(search, publication));
  const followers = followersAllowed(publication, await findFollowers(db, { ...publication, searches }));
  const createdAt = new Date().toISOString();
  const link = documentLinkPath(publication.serviceRef, publication.resourceVersion);
  const rows: Array<Insertable<NotificationsTable>> = followers.map((follower) => {
    const frequency = frequencyOf(follower.mailFrequency);
    return {
      id: notificationId(follower.sub, versionId),
      userSub: follower.sub,
      event: publication.isFirstVersion ? 'newDocument' : 'newVersion',
      documentId: publication.documentId,
      versionId,
      title: publication.title,
      versionLabel: publication.resourceVersion,
      changeNote: publication.changeNote,
      link,
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
      await enqueueJob(trx, { kind: alertJobKinds.mail, payload: { ids }, dedupeKey: `${alertJobKinds.mail}:${versionId}:${batch}` });
    }
  });
  return rows.length;
}
