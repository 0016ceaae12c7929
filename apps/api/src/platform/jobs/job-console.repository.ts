import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobStatus, JobsTable } from './job.tables.ts';

/* The jobs as the console shows them: pages of them, one of them, and putting failed ones back in the queue. */

export type ConsoleJobRow = Selectable<JobsTable>;

export interface JobFilter {
  status?: JobStatus;
  kind?: string;
}

const filtered = (db: Kysely<Database>, { status, kind }: JobFilter) => {
  let query = db.selectFrom('jobs');
  if (status) query = query.where('status', '=', status);
  if (kind) query = query.where('kind', '=', kind);
  return query;
};

/** One page of jobs, newest first (the id breaks ties so that pages never overlap). */
export async function listJobRows(db: Kysely<Database>, filter: JobFilter, offset: number, limit: number): Promise<ConsoleJobRow[]> {
  return filtered(db, filter).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countJobRows(db: Kysely<Database>, filter: JobFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findJobRow(db: Kysely<Database>, id: string): Promise<ConsoleJobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

const requeue = (db: Kysely<Database>, now: string) =>
  db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, runAfter: now, lockedBy: null, lockedAt: null, updatedAt: now })
    .where('status', '=', 'failed');

/** Puts one failed job back in the queue with its attempts reset; false when it is not failed (any more). */
export async function requeueFailedJob(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await requeue(db, now).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts every failed job back in the queue with its attempts reset; answers how many. */
export async function requeueAllFailedJobs(db: Kysely<Database>, now: string): Promise<number> {
  const result = await requeue(db, now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The state of the jobs with these dedupe keys (each key names at most one job), by key. */
export async function jobStatesByKey(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, { status: JobStatus; lastError: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('jobs').select(['dedupeKey', 'status', 'lastError']).where('dedupeKey', 'in', [...keys]).execute();
  return new Map(rows.map((row) => [row.dedupeKey!, { status: row.status, lastError: row.lastError }]));
}
