import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import { insertNotifications } from './notification.repository.ts';
import { notificationId } from './notify.ts';
import { getPreferences } from './preference.service.ts';

/*
 * The reader who left "Was this helpful?" feedback is told when staff mark it fixed: a notification in the portal
 * and a mail, sent as their alert mails are (at once, in their digest, or not when they turned mails off).
 */

type FeedbackChange = PortalEvents['feedback.status-changed'];

/**
 * The reader's notification of the fix, and its mail job when they are mailed at once, in the change's transaction.
 * Only a change into `fixed` tells them; one notification per feedback (marking it fixed again adds nothing).
 */
export async function notifyFeedbackReader(db: Kysely<Database>, change: FeedbackChange): Promise<void> {
  if (change.status !== 'fixed' || change.before.status === 'fixed') return;
  const preferences = await getPreferences(db, change.readerSub);
  const createdAt = new Date().toISOString();
  const versionId = `feedback:${change.feedbackId}:fixed`;
  const id = notificationId(change.readerSub, versionId);
  const immediate = preferences.email === 'immediate';
  await insertNotifications(db, [
    {
      id,
      userSub: change.readerSub,
      event: 'feedbackFixed',
      documentId: change.feedbackId,
      versionId,
      title: change.subjectTitle,
      versionLabel: 'fixed',
      changeNote: change.note,
      link: change.link,
      createdAt,
      readAt: null,
      mailStatus: preferences.email === 'off' ? 'skipped' : 'pending',
      mailQueuedAt: immediate ? createdAt : null,
      mailedAt: null,
    },
  ]);
  if (immediate) await enqueueJob(db, { kind: alertJobKinds.mail, payload: { ids: [id] }, dedupeKey: `${alertJobKinds.mail}:${versionId}` });
}

/** In the transaction: feedback is never marked fixed without its reader's notification. */
export function registerFeedbackAlerts(bus: PortalEventBus): void {
  bus.subscribe('feedback.status-changed', 'in-transaction', (change, db) => notifyFeedbackReader(db, change));
}
