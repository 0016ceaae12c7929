import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { claimReminder, openRequestsDueBefore, releaseReminder, type PaperRequestRow, type ReminderStage } from './paper-request.repository.ts';

/*
 * Reminders of the one-month promise: the publishers get a mail 7 and 3 days before a request's due
 * date and on the day it is overdue, each once (a run that missed a stage sends only the latest).
 */

const hour = 60 * 60_000;
const day = 24 * hour;
export const paperReminderJobKind = 'paper-requests.reminders';
/** Requests looked at per run: the soonest due first; the next hourly run takes the rest. */
const batchLimit = 500;

/** The mail the reminders are sent as (the alerts' sender: SMTP or the outbox). */
export interface ReminderMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface ReminderDeps {
  db: Kysely<Database>;
  publicUrl: string;
  sendMail: (mail: ReminderMail) => Promise<void>;
  publishers: () => Promise<AuthUser[]>;
}

/** The stages a request has reached at `now`, the latest last. */
export function reachedStages(dueAt: string, now: Date): ReminderStage[] {
  const left = new Date(dueAt).getTime() - now.getTime();
  const stages: ReminderStage[] = [];
  if (left <= 7 * day) stages.push('due-in-7-days');
  if (left <= 3 * day) stages.push('due-in-3-days');
  if (left <= 0) stages.push('overdue');
  return stages;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function reminderMail(request: PaperRequestRow, stage: ReminderStage, to: string, publicUrl: string): ReminderMail {
  const due = request.dueAt.slice(0, 10);
  const what = stage === 'overdue' ? `is overdue (due ${due})` : `is due in ${stage === 'due-in-7-days' ? 7 : 3} days (${due})`;
  const subject = `Paper instructions for ${request.serialNumber} ${what}`;
  const link = `${publicUrl}/admin/paper-requests`;
  const text = `The paper instructions (${request.language}) requested for unit ${request.serialNumber} on ${request.requestedAt.slice(0, 10)} ${what}; state: ${request.state}.\n\nThe queue: ${link}\n`;
  const html = `<p>${escapeHtml(text.split('\n')[0]!)}</p><p><a href="${escapeHtml(link)}">Open the queue</a></p>`;
  return { to, subject, text, html, headers: { 'X-Portal-Paper-Request': request.id } };
}

/** One run: for each open request the latest stage it reached and has not had, one mail per publisher. */
export async function sendPaperReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const requests = await openRequestsDueBefore(deps.db, new Date(now.getTime() + 7 * day).toISOString(), batchLimit);
  let sent = 0;
  let publishers: AuthUser[] | undefined;
  for (const request of requests) {
    const stages = reachedStages(request.dueAt, now);
    const stage = stages.at(-1);
    if (!stage || request.sent.includes(stage)) continue;
    publishers ??= await deps.publishers();
    if (!(await claimReminder(deps.db, request.id, stages, stage, now.toISOString()))) continue;
    try {
      for (const publisher of publishers) await deps.sendMail(reminderMail(request, stage, publisher.email, deps.publicUrl));
    } catch (error) {
      await releaseReminder(deps.db, request.id, stage);
      throw error;
    }
    sent += 1;
  }
  return sent;
}

const hourSlot = (time: number) => new Date(Math.floor(time / hour) * hour).toISOString();

/** Queues the next hourly run (when the server starts; a run queues the next one). */
export async function schedulePaperReminders(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const next = Math.floor(now / hour) * hour + hour;
  await enqueueJob(db, { kind: paperReminderJobKind, payload: null, dedupeKey: `${paperReminderJobKind}:${hourSlot(next)}`, runAfter: new Date(next) });
}

export function paperReminderHandler(deps: () => ReminderDeps): Record<string, JobHandler> {
  return {
    [paperReminderJobKind]: async () => {
      await sendPaperReminders(deps());
      await schedulePaperReminders(deps().db);
    },
  };
}
