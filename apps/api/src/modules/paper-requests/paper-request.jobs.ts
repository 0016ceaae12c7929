import type { FastifyInstance } from 'fastify';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { alertDeps } from '../alerts/index.ts';
import { usersWithRole } from '../users/index.ts';
import { paperReminderHandler, type ReminderDeps } from './paper-request-reminders.ts';

/** What the reminders need from the process: the database, the alerts' mail sender, the publishers. */
export function reminderDeps(app: FastifyInstance): ReminderDeps {
  const alerts = alertDeps(app);
  return { db: app.db, publicUrl: alerts.publicUrl, sendMail: alerts.sendMail, publishers: () => usersWithRole(app.db, 'publisher') };
}

/** The hourly reminder job, for background-jobs.ts (the API and the worker alike). */
export function paperRequestJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return paperReminderHandler(() => reminderDeps(app));
}
