import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { alertJobKinds, mailBatchSize } from './alert-job-kinds.ts';
import { setMailQueuedAt, strandedImmediateMails, usersDueForDigest } from './notification.repository.ts';
import { defaultPreferences } from './preference.service.ts';

const hour = 60 * 60_000;
const periods = { daily: 24 * hour, weekly: 7 * 24 * hour } as const;
/** A mail job gives up after a few quick retries; mails it left pending are queued again after this long. */
const requeueAfter = hour;
const requeueLimit = 5_000;

/** The hour a tick belongs to: one tick per hour, whichever process queues it. */
const hourSlot = (time: number) => new Date(Math.floor(time / hour) * hour).toISOString();

/** Queues the tick of the current hour (when the server starts; a tick queues the next one). */
export async function scheduleAlertTick(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await enqueueJob(db, { kind: alertJobKinds.tick, payload: null, dedupeKey: `${alertJobKinds.tick}:${hourSlot(now)}` });
}

/**
 * The hourly `alerts.tick` job: a digest job for each daily or weekly user whose period has passed
 * and who has something pending, the mails a failing server left behind queued again, and the
 * next tick.
 */
export async function runAlertTick(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const slot = hourSlot(now);
  for (const [frequency, period] of Object.entries(periods) as Array<[keyof typeof periods, number]>) {
    for (const userSub of await usersDueForDigest(db, frequency, frequency === defaultPreferences.email, new Date(now - period).toISOString())) {
      await enqueueJob(db, { kind: alertJobKinds.digest, payload: { userSub }, dedupeKey: `${alertJobKinds.digest}:${userSub}:${slot}` });
    }
  }
  const stranded = await strandedImmediateMails(db, new Date(now - requeueAfter).toISOString(), requeueLimit);
  for (let start = 0; start < stranded.length; start += mailBatchSize) {
    await enqueueJob(db, { kind: alertJobKinds.mail, payload: { ids: stranded.slice(start, start + mailBatchSize) } });
  }
  await setMailQueuedAt(db, stranded, new Date(now).toISOString());
  const next = Math.floor(now / hour) * hour + hour;
  await enqueueJob(db, { kind: alertJobKinds.tick, payload: null, dedupeKey: `${alertJobKinds.tick}:${hourSlot(next)}`, runAfter: new Date(next) });
}
