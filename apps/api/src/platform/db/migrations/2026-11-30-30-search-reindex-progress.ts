import { sql, type Kysely } from 'kysely';

/*
 * The full re-index of search as a background job (the search module's search-reindex.job.ts): one row per
 * run, with its progress (documents done of those there were at its start) and its cursor, the last document
 * id done, so that a run taken over after a restart goes on where it stopped. At most one run is running.
 * A `rebuild` row in `search_index_tasks` (a migration that changed the index's format) starts a run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_reindex_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('lastDocumentId', 'text')
    .addColumn('startedAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX search_reindex_runs_one_running ON search_reindex_runs (status) WHERE status = 'running'`.execute(db);
  await sql`CREATE INDEX search_reindex_runs_started ON search_reindex_runs ("startedAt")`.execute(db);
}
