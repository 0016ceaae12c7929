import type { Kysely } from 'kysely';
import { audienceCheck, documentSubject, subjectFacts } from '../../platform/access/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { findPublication, translationStatus } from '../documents/index.ts';
import type { AlertDeps } from './alert-deps.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { findFollowersOf } from './fan-out.repository.ts';
import { documentLinkPath } from './fan-out.service.ts';
import { followersAllowed, notifyFollowers } from './notify.ts';

/*
 * The followers of a translation are told when it catches up with its source: once it follows the source's
 * latest significant revision after it was behind (a new version naming that revision, or an edit of the
 * revision it follows), through a job. A notification in the portal and a mail as their alert mails are sent.
 */

const prefix = 'caught-up:';

/** The notification's version id: its own, apart from the version's "new version" notification. */
export const caughtUpNotificationVersion = (versionId: string) => `${prefix}${versionId}`;

/** The translation's version a catch-up notification tells of. */
export const caughtUpVersionId = (notificationVersionId: string) =>
  notificationVersionId.startsWith(prefix) ? notificationVersionId.slice(prefix.length) : notificationVersionId;

type TranslationFollowed = PortalEvents['document.translation-followed'];

/** Whether the change made a translation that was behind (or followed nothing) up to date with its source. */
async function caughtUp(db: Kysely<Database>, change: TranslationFollowed): Promise<boolean> {
  const fields = { id: change.documentId, variantGroup: change.variantGroup, sourceLanguage: change.sourceLanguage };
  const now = await translationStatus(db, { ...fields, followsRevision: change.followsRevision });
  if (now === null || now.behind || now.sourceLatest === null) return false;
  if (change.previous === null) return true;
  return (await translationStatus(db, { ...fields, followsRevision: change.previous }))?.behind === true;
}

/**
 * In the change's transaction: queues the followers' fan-out when the translation caught up (the job exists
 * exactly when the change does; one per version of the translation).
 */
export async function announceCatchUp(db: Kysely<Database>, change: TranslationFollowed): Promise<void> {
  if (!(await caughtUp(db, change))) return;
  const kind = alertJobKinds.fanOutCatchUp;
  await enqueueJob(db, { kind, payload: { versionId: change.versionId }, dedupeKey: `${kind}:${change.versionId}` });
}

/** The catch-up job: tells the translation's followers who may read it; returns how many were told. Idempotent. */
export async function fanOutCatchUp({ db }: Pick<AlertDeps, 'db'>, versionId: string): Promise<number> {
  const publication = await findPublication(db, versionId);
  if (!publication || publication.versionStatus !== 'published' || publication.status !== 'published') return 0;
  const now = new Date().toISOString();
  const facts = subjectFacts(documentSubject, publication);
  const followers = await followersAllowed(await findFollowersOf(db, [{ kind: 'document', itemIds: [publication.documentId] }]), async (user) =>
    audienceCheck(user, documentSubject, now)(facts, publication.grants),
  );
  return notifyFollowers(
    db,
    {
      event: 'translationCaughtUp',
      documentId: publication.documentId,
      versionId: caughtUpNotificationVersion(versionId),
      title: publication.title,
      versionLabel: publication.resourceVersion,
      changeNote: publication.changeNote,
      link: documentLinkPath(publication.serviceRef, publication.resourceVersion),
    },
    followers,
  );
}

/** In the transaction: the revision followed is not stored without the followers' fan-out job. */
export function registerTranslationCatchUpAlerts(bus: PortalEventBus): void {
  bus.subscribe('document.translation-followed', 'in-transaction', (change, db) => announceCatchUp(db, change));
}
