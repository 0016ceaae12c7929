import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SearchResponse } from '@portal/contracts/documents';
import type { SearchReindexRun, SearchReindexState } from '@portal/contracts/search-reindex';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testDialects } from '../../test/test-databases.ts';
import { searchIndexChanged } from './search-index.repository.ts';
import { searchReindexJobHandlers, searchReindexJobKind, type ReindexPace } from './search-reindex.job.ts';

const documentCount = 24;
const documentIds = Array.from({ length: documentCount }, (_, index) => `manual-${String(index).padStart(2, '0')}`);
/** Small batches with pauses, and jobs of a few batches each: the run takes long enough to search during it. */
const slowPace: ReindexPace = { batchSize: 2, batchMs: 1_000, pauseMs: 15, sliceMs: 60 };
const route = '/api/Admin/search/reindex';

describe.each(await testDialects())('the full re-index of search through the API on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    // No runner of the app's own: the tests run the re-index jobs themselves, at their pace.
    t = await createTestApp(dialect, { SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    await insertReferenceData(t.db);
    for (const id of documentIds) await insertDocument(t.db, { id, title: `Gripper ${id}`, versions: [{ resourceVersion: 'A', text: `Mounting the flange of ${id}` }] });
    admin = await t.authHeaders(testUsers.admin);
  }, 60_000);
  afterAll(() => t.close());

  const progress = async () => (await t.app.inject({ url: route, headers: admin })).json<SearchReindexState>().run;
  const searchFor = async (q: string) => t.app.inject({ url: `/api/Content/search?q=${q}&pageSize=100`, headers: admin });
  /** The index as an older stemmer left it: nothing in it matches today's words. */
  async function indexInAnOldFormat(): Promise<void> {
    await sql`UPDATE document_search SET "titleTerms" = 'old', "bodyTerms" = 'format'`.execute(t.db);
    searchIndexChanged();
  }

  it('is for admins only: 403 for publishers and others, 401 without a token', async () => {
    for (const user of [testUsers.publisher, testUsers.employee, testUsers.customer]) {
      const headers = await t.authHeaders(user);
      expect((await t.app.inject({ url: route, headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: route, headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: route })).statusCode).toBe(401);
    expect(await progress()).toBeNull();
    expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', searchReindexJobKind).execute()).toEqual([]);
  });

  it('re-indexes every document in background jobs while search keeps answering; the progress goes up to the total', async () => {
    await indexInAnOldFormat();
    expect((await searchFor('flange')).json<SearchResponse>().total).toBe(0);

    const started = await t.app.inject({ method: 'POST', url: route, headers: admin });
    expect(started.statusCode).toBe(202);
    const run = started.json<SearchReindexState>().run!;
    expect(run).toMatchObject({ status: 'running', reason: 'admin', done: 0, total: documentCount, finishedAt: null });
    expect((await t.app.inject({ method: 'POST', url: route, headers: admin })).statusCode).toBe(409);

    const runner = new JobRunner({ db: t.db, handlers: searchReindexJobHandlers(t.app, slowPace), log: t.app.log, concurrency: 1, pollIntervalMs: 10 });
    await runner.start();
    const seen: SearchReindexRun[] = [];
    let searchesDuringRun = 0;
    try {
      for (let latest = run; latest.status === 'running'; ) {
        const search = await searchFor('flange');
        expect(search.statusCode).toBe(200);
        latest = (await progress())!;
        seen.push(latest);
        if (latest.status === 'running' && latest.done > 0) searchesDuringRun += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await runner.stop();
    }
    const done = seen.map((state) => state.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBeGreaterThan(2);
    expect(searchesDuringRun).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ id: run.id, status: 'done', done: documentCount, total: documentCount, finishedAt: expect.any(String) });
    // Several jobs of a few batches each, one after the other.
    const jobs = await t.db.selectFrom('jobs').select('status').where('kind', '=', searchReindexJobKind).execute();
    expect(jobs.length).toBeGreaterThan(1);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);

    const found = (await searchFor('flange')).json<SearchResponse>();
    expect(found.items.map((item) => item.id).sort()).toEqual(documentIds);
    const entries = (await t.app.inject({ url: '/api/Admin/audit?action=maintenance', headers: admin })).json().entries;
    expect(entries).toContainEqual(expect.objectContaining({ action: 'maintenance', object: { kind: 'search-index', id: run.id } }));
    expect((await t.app.inject({ method: 'POST', url: route, headers: admin })).statusCode).toBe(202);
  });
});

describe.each(await testDialects())('a re-index a migration asks for on %s', (dialect) => {
  it('is queued as a job when the app starts, which does not wait for it', async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-reindex-'));
    try {
      await insertReferenceData(database.db);
      await insertDocument(database.db, { id: 'manual', title: 'Gripper manual' });
      await sql`UPDATE document_search SET "titleTerms" = 'old', "bodyTerms" = 'format'`.execute(database.db);
      await database.db.insertInto('search_index_tasks').values({ task: 'rebuild' }).execute();
      const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
      const app = await buildApp({ config, database });
      await app.ready();
      try {
        expect(await database.db.selectFrom('search_index_tasks').selectAll().execute()).toEqual([]);
        const run = await database.db.selectFrom('search_reindex_runs').select(['status', 'reason', 'total', 'done']).execute();
        expect(run).toEqual([{ status: 'running', reason: 'migration', total: 1, done: 0 }]);
        expect(await database.db.selectFrom('jobs').select('status').where('kind', '=', searchReindexJobKind).execute()).toEqual([{ status: 'queued' }]);
        // Started, not done: the index is as the migration left it until a runner takes the job.
        expect(await database.db.selectFrom('document_search').select('titleTerms').execute()).toEqual([{ titleTerms: 'old' }]);
      } finally {
        await app.close();
      }
    } finally {
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
