import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { deleteIntentsBefore } from './search-analytics.repository.ts';

export const searchAnalyticsRetentionJob = 'search-analytics.retention';
const dayMs = 86_400_000;
/** The nightly run starts at 02:00 UTC. */
const nightOffsetMs = 2 * 3_600_000;
/** The results an intent showed are only needed to match the opens and downloads that follow: kept two days. */
const shownResultsKeptMs = 2 * dayMs;

/** The next 02:00 UTC after `now`. */
export function nextNight(now: number): number {
  const tonight = Math.floor(now / dayMs) * dayMs + nightOffsetMs;
  return tonight > now ? tonight : tonight + dayMs;
}

/** The first day of the month `months` before `now` (UTC): intents of days before it are past their retention. */
export function searchAnalyticsCutoff(now: Date, months: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}

/** Queues the coming night's run (once per night, whichever process queues it). */
export async function scheduleSearchAnalyticsRetention(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const at = nextNight(now);
  await enqueueJob(db, { kind: searchAnalyticsRetentionJob, payload: null, dedupeKey: `${searchAnalyticsRetentionJob}:${new Date(at).toISOString()}`, runAfter: new Date(at) });
}

/** The nightly job: intents past the retention go with what followed them, shown results after two days; the next night is queued. */
export async function runSearchAnalyticsRetention(db: Kysely<Database>, months: number, now = new Date()): Promise<{ intents: number; results: number }> {
  const removed = await deleteIntentsBefore(db, searchAnalyticsCutoff(now, months), new Date(now.getTime() - shownResultsKeptMs).toISOString());
  await scheduleSearchAnalyticsRetention(db, now.getTime());
  return removed;
}

/** The retention job (SEARCH_ANALYTICS_RETENTION_MONTHS), for background-jobs.ts (the API and the worker alike). */
export function searchAnalyticsJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return {
    [searchAnalyticsRetentionJob]: async () => {
      const months = app.config.SEARCH_ANALYTICS_RETENTION_MONTHS;
      const removed = await runSearchAnalyticsRetention(app.db, months);
      if (removed.intents > 0) app.log.info({ ...removed, months }, 'search analytics past their retention removed');
    },
  };
}
