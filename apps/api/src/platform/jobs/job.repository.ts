import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { JobsTable } from './job.tables.ts';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** At most one job per key, ever: enqueueing it again does nothing. */
  dedupeKey?: string;
  runAfter?: Date;
}

/** Adds a job; call it inside the transaction that made the work necessary. Returns false for a duplicate. */
export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .insertInto('jobs')
    .values({
      id: randomUUID(),
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      dedupeKey: job.dedupeKey ?? null,
      status: 'queued',
      runAfter: (job.runAfter ?? new Date()).toISOString(),
      lockedBy: null,
      lockedAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Marks up to `limit` due jobs as running for this worker and returns them, oldest first, counting
 * the attempt. One statement: on PostgreSQL `FOR UPDATE SKIP LOCKED` lets several hosts claim from
 * the same table without taking the same job; SQLite has one writer, so the statement is atomic.
 */
export async function claimJobs(db: Kysely<Database>, workerId: string, limit: number): Promise<JobRow[]> {
  const now = new Date().toISOString();
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('runAfter', '<=', now)
    .orderBy('runAfter')
    .orderBy('createdAt')
    .limit(limit);
  if (dialectOf(db as Kysely<unknown>) === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', lockedBy: workerId, lockedAt: now, updatedAt: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

export async function completeJob(db: Kysely<Database>, id: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('jobs')
    .set({ status: 'done', lockedBy: null, lockedAt: null, lastError: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Records a failure: back to the queue at `retryAt`, or failed for good when there is none. */
export async function failJob(db: Kysely<Database>, id: string, error: string, retryAt: Date | null): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('jobs')
    .set({
      status: retryAt ? 'queued' : 'failed',
      runAfter: retryAt ? retryAt.toISOString() : now,
      lockedBy: null,
      lockedAt: null,
      lastError: error.slice(0, 4000),
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The runners holding `running` jobs now, to find those whose process is gone. */
export async function runningWorkerIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('lockedBy').distinct().where('status', '=', 'running').execute();
  return rows.flatMap((row) => (row.lockedBy ? [row.lockedBy] : []));
}

export interface AbandonedJobs {
  /** Jobs locked before this moment: their lease expired. */
  lockedBefore: Date;
  /** Runners known to be gone: their jobs are taken back at once, lease or not. */
  goneWorkers?: readonly string[];
}

/**
 * Jobs left `running` by a process that died go back to the queue, or fail when they have used all
 * their attempts (a job that kills its worker must not loop).
 */
export async function requeueAbandonedJobs(db: Kysely<Database>, { lockedBefore, goneWorkers = [] }: AbandonedJobs, maxAttempts: number): Promise<number> {
  const now = new Date().toISOString();
  const abandoned = (query: ReturnType<typeof db.updateTable<'jobs'>>) =>
    query
      .where('status', '=', 'running')
      .where((eb) => {
        const expired = eb('lockedAt', '<', lockedBefore.toISOString());
        return goneWorkers.length > 0 ? eb.or([expired, eb('lockedBy', 'in', [...goneWorkers])]) : expired;
      });
  const failed = await abandoned(db.updateTable('jobs'))
    .set({ status: 'failed', lockedBy: null, lockedAt: null, lastError: 'interrupted: the worker stopped while running it', updatedAt: now })
    .where('attempts', '>=', maxAttempts)
    .executeTakeFirst();
  // Each keeps its runAfter, and so its place at the head of the queue, ahead of anything enqueued since.
  const requeued = await abandoned(db.updateTable('jobs'))
    .set({ status: 'queued', lockedBy: null, lockedAt: null, updatedAt: now })
    .executeTakeFirst();
  return Number(requeued.numUpdatedRows) + Number(failed.numUpdatedRows);
}

/** Counts per status, for logs and tests. */
export async function countJobs(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('jobs').select(['status', db.fn.countAll<number>().as('count')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Per kind: jobs queued, running and failed for good, and when the earliest queued one is due (ISO), for the metrics. */
export async function jobQueueByKind(db: Kysely<Database>): Promise<Array<{ kind: string; status: string; count: number; earliestRunAfter: string | null }>> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', 'status', eb.fn.countAll<number>().as('count'), eb.fn.min('runAfter').as('earliestRunAfter')])
    .where('status', 'in', ['queued', 'running', 'failed'])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count), earliestRunAfter: row.earliestRunAfter }));
}
