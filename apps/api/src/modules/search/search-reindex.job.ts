import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { announceContentCommit, muteContentNotices } from '../../platform/db/content-commit-notices.ts';
import { isSqlite } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob, type JobRow } from '../../platform/jobs/job.repository.ts';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-runner.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { countDocuments, documentIdsAfter, isUniqueViolation } from '../documents/index.ts';
import { reindexDocuments, searchIndexChanged, takeRebuildTask } from './search-index.repository.ts';
import {
  advanceReindexRun,
  finishReindexRun,
  insertReindexRun,
  limitLockWaits,
  lockReindexRun,
  restartReindexRun,
  runningReindexRun,
  type ReindexRunRow,
} from './search-reindex.repository.ts';
import type { SearchReindexReason } from './search.tables.ts';

/*
 * The full re-index of search (after a change of the stemmer or of the index's format, or when an admin asks):
 * a run walks the documents in id order, a batch per short transaction, and records its cursor with each batch,
 * so that a run taken over after a restart goes on where it stopped. Search keeps answering from the rows not
 * rewritten yet; a document changed meanwhile is re-indexed by the transaction that changed it, as always.
 */

export const searchReindexJobKind = 'search.reindex';

export interface ReindexPace {
  /** Most documents in one batch (one transaction). */
  batchSize: number;
  /** A batch ends after this long whatever its size: on SQLite it holds the write lock and its process's event loop. */
  batchMs: number;
  /** The pause between two batches, in which the requests that waited for them are answered. */
  pauseMs: number;
  /**
   * One job runs batches this long, then queues the run's next job: a stopping process waits about this
   * long for it at most, and no job outlives its lease.
   */
  sliceMs: number;
}

export const defaultReindexPace: ReindexPace = { batchSize: 200, batchMs: 100, pauseMs: 20, sliceMs: 5_000 };

/**
 * How often a run tells the caches of this process, and on PostgreSQL of every process, that rows changed (and at
 * its end): each time, the search catalog is built again on the next search, which takes seconds at a large base.
 * Rows rewritten meanwhile keep their rowids, so the catalog stays right for them (a batch's commit sends no notice
 * of its own: muteContentNotices): cached answers lag behind, and documents that had no row join the catalog at the
 * next announcement.
 */
const announceEveryMs = 60_000;
let lastAnnounced = 0;

async function announceRows(db: Kysely<Database>, ended: boolean): Promise<void> {
  if (!ended && Date.now() - lastAnnounced < announceEveryMs) return;
  lastAnnounced = Date.now();
  searchIndexChanged();
  if (!isSqlite(db)) await announceContentCommit(db);
}

/**
 * PostgreSQL: how long a batch waits at most for a lock (a document being changed now). Well under the
 * server's deadlock timeout (1 s by default): a change that waits for the batch while the batch waits for
 * it is never the one cancelled; the batch gives up first, and the run tries again a little later.
 */
const lockWaitMs = 200;
const retryAfterLockWaitMs = 1_000;

const payloadSchema = z.object({ runId: z.string().min(1).max(100) });

type BatchOutcome = 'moved' | 'finished' | 'gone' | 'busy';

/** A lock wait that ran out (55P03), or a deadlock PostgreSQL broke (40P01): the batch is rolled back, nothing is lost. */
function isLockWait(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '55P03' || code === '40P01';
}

async function createRun(db: Kysely<Database>, reason: SearchReindexReason): Promise<ReindexRunRow> {
  const now = new Date().toISOString();
  const run: ReindexRunRow = { id: randomUUID(), status: 'running', reason, total: await countDocuments(db), done: 0, lastDocumentId: null, startedAt: now, updatedAt: now, finishedAt: null };
  await insertReindexRun(db, run);
  await enqueueJob(db, { kind: searchReindexJobKind, payload: { runId: run.id }, dedupeKey: `${searchReindexJobKind}:${run.id}` });
  return run;
}

/** Starts a run and queues its first job; null while another run is running. An admin's start is audited. */
export async function startSearchReindex(db: Kysely<Database>, reason: SearchReindexReason, context?: AuditContext): Promise<ReindexRunRow | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await runningReindexRun(trx)) return null;
      const run = await createRun(trx, reason);
      if (context) await recordAudit(trx, context, { action: 'maintenance', object: { kind: 'search-index', id: run.id }, after: { reindex: 'started', documents: run.total } });
      return run;
    });
  } catch (error) {
    // Another start won the race for the one running run.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * At start-up: the full re-index a migration asked for becomes a run, in the background. A run already
 * running starts again from the first document: what it did was done by the code before the migration.
 */
export async function startRequestedReindex(db: Kysely<Database>): Promise<ReindexRunRow | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await takeRebuildTask(trx))) return null;
    const running = await runningReindexRun(trx);
    if (!running) return createRun(trx, 'migration');
    const total = await countDocuments(trx);
    const now = new Date().toISOString();
    await restartReindexRun(trx, running.id, { reason: 'migration', total }, now);
    // Its jobs may have failed for good meanwhile: one more goes from the start (two at once take turns).
    await enqueueJob(trx, { kind: searchReindexJobKind, payload: { runId: running.id }, dedupeKey: `${searchReindexJobKind}:${running.id}:restarted:${now}` });
    return { ...running, reason: 'migration', total, done: 0, lastDocumentId: null, updatedAt: now };
  });
}

/** Re-indexes the run's next batch and records it, in one transaction; the run ends when no document is left. */
export async function reindexNextBatch(db: Kysely<Database>, runId: string, pace: ReindexPace): Promise<BatchOutcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<BatchOutcome> => {
      await limitLockWaits(trx, lockWaitMs);
      if (!isSqlite(db)) await muteContentNotices(trx);
      const run = await lockReindexRun(trx, runId);
      if (run?.status !== 'running') return 'gone';
      const documentIds = await documentIdsAfter(trx, run.lastDocumentId, pace.batchSize);
      const rewritten = documentIds.length > 0 ? await reindexDocuments(trx, documentIds, Date.now() + pace.batchMs) : 0;
      const now = new Date().toISOString();
      if (rewritten > 0) await advanceReindexRun(trx, runId, { done: run.done + rewritten, lastDocumentId: documentIds[rewritten - 1]! }, now);
      // A short page was the last one: documents added after it are indexed by the transactions that add them.
      if (rewritten === documentIds.length && documentIds.length < pace.batchSize) {
        await finishReindexRun(trx, runId, now);
        return 'finished';
      }
      return 'moved';
    });
  } catch (error) {
    if (isLockWait(error)) return 'busy';
    throw error;
  }
}

/**
 * One job of a run: batches for up to `sliceMs` with a pause after each, then the run's next job is queued
 * (a second later when a batch had to wait for a lock). Answers whether the run has ended.
 */
export async function runReindexSlice(db: Kysely<Database>, runId: string, job: Pick<JobRow, 'id'>, pace: ReindexPace): Promise<boolean> {
  const sliceEnd = Date.now() + pace.sliceMs;
  let changed = false;
  let ended = false;
  try {
    for (;;) {
      const outcome = await reindexNextBatch(db, runId, pace);
      changed ||= outcome === 'moved' || outcome === 'finished';
      ended = outcome === 'finished' || outcome === 'gone';
      if (ended) return true;
      if (outcome === 'busy' || Date.now() >= sliceEnd) {
        const runAfter = new Date(Date.now() + (outcome === 'busy' ? retryAfterLockWaitMs : 0));
        // Keyed by this job: run again after an interruption, it queues the same next job, not a second one.
        await enqueueJob(db, { kind: searchReindexJobKind, payload: { runId }, dedupeKey: `${searchReindexJobKind}:${runId}:after:${job.id}`, runAfter });
        return false;
      }
      await pause(pace.pauseMs);
    }
  } finally {
    if (changed) await announceRows(db, ended);
  }
}

/** The re-index job, for background-jobs.ts (the API and the worker alike). */
export function searchReindexJobHandlers(app: Pick<FastifyInstance, 'db' | 'log'>, pace: ReindexPace = defaultReindexPace): Record<string, JobHandler> {
  return {
    [searchReindexJobKind]: async (payload, job) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const ended = await runReindexSlice(app.db, parsed.data.runId, job, pace);
      if (ended) app.log.info({ runId: parsed.data.runId }, 'search re-index run ended');
    },
  };
}
