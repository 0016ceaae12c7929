import { sql, type Kysely, type Selectable } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { SearchReindexReason, SearchReindexRunsTable } from './search.tables.ts';

/* The runs of the full re-index of search: their progress and cursor (search-reindex.job.ts moves them on). */

export type ReindexRunRow = Selectable<SearchReindexRunsTable>;

const asNumbers = (run: ReindexRunRow): ReindexRunRow => ({ ...run, total: Number(run.total), done: Number(run.done) });

/** Adds a running run; throws a unique violation when another one is running. */
export async function insertReindexRun(db: Kysely<Database>, run: ReindexRunRow): Promise<void> {
  await db.insertInto('search_reindex_runs').values(run).execute();
}

export async function runningReindexRun(db: Kysely<Database>): Promise<ReindexRunRow | undefined> {
  const run = await db.selectFrom('search_reindex_runs').selectAll().where('status', '=', 'running').executeTakeFirst();
  return run && asNumbers(run);
}

/** The run started last, running or not (what the console shows). */
export async function latestReindexRun(db: Kysely<Database>): Promise<ReindexRunRow | undefined> {
  const run = await db.selectFrom('search_reindex_runs').selectAll().orderBy('startedAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return run && asNumbers(run);
}

/**
 * A run, locked for the rest of the transaction on PostgreSQL: two runners that hold jobs of the same run
 * (one taken over while the other still ran) move it on one batch after the other, never the same batch twice.
 */
export async function lockReindexRun(db: Kysely<Database>, id: string): Promise<ReindexRunRow | undefined> {
  let query = db.selectFrom('search_reindex_runs').selectAll().where('id', '=', id);
  if (dialectOf(db as Kysely<unknown>) === 'postgres') query = query.forUpdate();
  const run = await query.executeTakeFirst();
  return run && asNumbers(run);
}

/** Records a batch: `done` documents so far, every one up to `lastDocumentId`. */
export async function advanceReindexRun(db: Kysely<Database>, id: string, progress: { done: number; lastDocumentId: string }, now: string): Promise<void> {
  await db.updateTable('search_reindex_runs').set({ ...progress, updatedAt: now }).where('id', '=', id).execute();
}

/** Ends a run: its total becomes the documents it went through. */
export async function finishReindexRun(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db
    .updateTable('search_reindex_runs')
    .set((eb) => ({ status: 'done', total: eb.ref('done'), updatedAt: now, finishedAt: now }))
    .where('id', '=', id)
    .execute();
}

/** Starts a running run again from the first document (a migration changed the index's format meanwhile). */
export async function restartReindexRun(db: Kysely<Database>, id: string, restart: { reason: SearchReindexReason; total: number }, now: string): Promise<void> {
  await db
    .updateTable('search_reindex_runs')
    .set({ ...restart, done: 0, lastDocumentId: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** PostgreSQL: how long the rest of the transaction waits for a lock before it fails (SQLite waits its busy timeout). */
export async function limitLockWaits(db: Kysely<Database>, waitMs: number): Promise<void> {
  if (dialectOf(db as Kysely<unknown>) === 'postgres') await sql`SELECT set_config('lock_timeout', ${`${Math.trunc(waitMs)}ms`}, true)`.execute(db);
}
