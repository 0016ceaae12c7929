import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { deleteIntentsBefore } from './search-analytics.repository.ts';
import { deleteRollupsBefore } from './search-analytics-rollups.repository.ts';
import { rollUpSearchIntents } from './search-analytics-rollups.ts';

export const searchAnalyticsRetentionJob = 'search-analytics.retention';
export const searchAnalyticsRollupJob = 'search-analytics.rollups';
const hourMs = 3_600_000;
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

/** Queues the module's chains of jobs at start-up: the nightly retention and the hourly roll-ups. */
export async function scheduleSearchAnalyticsJobs(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await scheduleSearchAnalyticsRetention(db, now);
  await scheduleSearchAnalyticsRollups(db, now);
}

/**
 * Queues the roll-up run five minutes past the next hour (once per hour, whichever process queues it). The dashboard
 * never waits for it: days not rolled up are read from the intents, so the run only keeps those few.
 */
export async function scheduleSearchAnalyticsRollups(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const at = Math.floor(now / hourMs) * hourMs + hourMs + 5 * 60_000;
  await enqueueJob(db, { kind: searchAnalyticsRollupJob, payload: null, dedupeKey: `${searchAnalyticsRollupJob}:${new Date(at).toISOString()}`, runAfter: new Date(at) });
}

/** The nightly job: intents past the retention go with what followed them, shown results after two days; the next night is queued. */
export async function runSearchAnalyticsRetention(db: Kysely<Database>, months: number, now = new Date()): Promise<{ intents: number; shownLists: number }> {
  const cutoff = searchAnalyticsCutoff(now, months);
  const removed = await deleteIntentsBefore(db, cutoff, new Date(now.getTime() - shownResultsKeptMs).toISOString());
  await deleteRollupsBefore(db, cutoff);
  await scheduleSearchAnalyticsRetention(db, now.getTime());
  return removed;
}

/** The hourly roll-up job: the next run is queued first, so a failed run does not end the chain. */
export async function runSearchAnalyticsRollups(db: Kysely<Database>, now = new Date()): Promise<{ days: number; blocks: number }> {
  await scheduleSearchAnalyticsRollups(db, now.getTime());
  return rollUpSearchIntents(db, now);
}

/** The retention job (SEARCH_ANALYTICS_RETENTION_MONTHS) and the roll-up job, for background-jobs.ts (the API and the worker alike). */
export function searchAnalyticsJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return {
    [searchAnalyticsRollupJob]: async () => {
      const rolled = await runSearchAnalyticsRollups(app.db);
      if (rolled.days > 0 || rolled.blocks > 0) app.log.info(rolled, 'search analytics rolled up');
    },
    [searchAnalyticsRetentionJob]: async () => {
      const months = app.config.SEARCH_ANALYTICS_RETENTION_MONTHS;
      const removed = await runSearchAnalyticsRetention(app.db, months);
      if (removed.intents > 0) app.log.info({ ...removed, months }, 'search analytics past their retention removed');
    },
  };
}
