import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { notifyOneUser } from './personal-notification.ts';

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
  await notifyOneUser(db, {
    userSub: change.readerSub,
    event: 'feedbackFixed',
    subjectId: change.feedbackId,
    key: `feedback:${change.feedbackId}:fixed`,
    title: change.subjectTitle,
    label: 'fixed',
    details: () => change.note,
    link: change.link,
  });
}

/** In the transaction: feedback is never marked fixed without its reader's notification. */
export function registerFeedbackAlerts(bus: PortalEventBus): void {
  bus.subscribe('feedback.status-changed', 'in-transaction', (change, db) => notifyFeedbackReader(db, change));
}
