import type { Kysely } from 'kysely';
import type { MailLanguage } from '@portal/contracts/alerts';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { alertJobKinds } from './alert-job-kinds.ts';
import type { NotificationsTable } from './alert.tables.ts';
import { insertNotifications } from './notification.repository.ts';
import { notificationId } from './notify.ts';
import { getPreferences } from './preference.service.ts';

/** What one user is told of a change of their own (a paper request's step, their feedback fixed). */
export interface PersonalNotice {
  userSub: string;
  event: NotificationsTable['event'];
  /** The subject's id, kept in the notification's document column. */
  subjectId: string;
  /** Unique per change: one notification per user and key (a replayed event adds nothing). */
  key: string;
  title: string;
  label: string;
  /** The line under the title, in the user's mail language. */
  details: (mailLanguage: MailLanguage) => string;
  link: string;
}

/**
 * Stores the user's notification and, when they are mailed at once, its mail job, in the caller's transaction;
 * mailed in their digest or not at all as their preferences say.
 */
export async function notifyOneUser(db: Kysely<Database>, notice: PersonalNotice): Promise<void> {
  const preferences = await getPreferences(db, notice.userSub);
  const createdAt = new Date().toISOString();
  const id = notificationId(notice.userSub, notice.key);
  const immediate = preferences.email === 'immediate';
  await insertNotifications(db, [
    {
      id,
      userSub: notice.userSub,
      event: notice.event,
      documentId: notice.subjectId,
      versionId: notice.key,
      title: notice.title,
      versionLabel: notice.label,
      changeNote: notice.details(preferences.language),
      link: notice.link,
      createdAt,
      readAt: null,
      mailStatus: preferences.email === 'off' ? 'skipped' : 'pending',
      mailQueuedAt: immediate ? createdAt : null,
      mailedAt: null,
    },
  ]);
  if (immediate) await enqueueJob(db, { kind: alertJobKinds.mail, payload: { ids: [id] }, dedupeKey: `${alertJobKinds.mail}:${notice.key}` });
}
