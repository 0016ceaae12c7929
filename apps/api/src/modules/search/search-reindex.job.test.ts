import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestDatabase, testDialects, testPostgresUrl, type TestDatabase } from '../../test/test-databases.ts';
import { listenForContentCommits } from '../../platform/db/content-commit-notices.ts';
import { PermanentJobError } from '../../platform/jobs/job-runner.ts';
import { reindexDocument } from './search-index.repository.ts';
import { reindexNextBatch, runReindexSlice, searchReindexJobHandlers, searchReindexJobKind, startRequestedReindex, startSearchReindex, type ReindexPace } from './search-reindex.job.ts';
import { latestReindexRun } from './search-reindex.repository.ts';

const documentIds = ['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5', 'doc-6', 'doc-7'];
const pace: ReindexPace = { batchSize: 3, batchMs: 60_000, pauseMs: 0, sliceMs: 60_000 };
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(await testDialects())('the full re-index of search on %s', (dialect) => {
  let handle: TestDatabase;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    await insertReferenceData(handle.db);
    for (const id of documentIds) await insertDocument(handle.db, { id, title: `Gripper ${id}`, versions: [{ resourceVersion: 'A', text: `Torque of ${id}` }] });
  });
  afterAll(() => handle.destroy());
  beforeEach(async () => {
    // Each test starts with no run, and with the rows and vocabulary the documents give.
    await db().deleteFrom('search_reindex_runs').execute();
    await db().deleteFrom('jobs').execute();
    for (const id of documentIds) await reindexDocument(db(), id);
  });

  const indexRows = async () =>
    (await db().selectFrom('document_search').select(['documentId', 'title', 'titleTerms', 'bodyTerms']).orderBy('documentId').execute()).map((row) => ({ ...row }));
  const vocabulary = async () => (await db().selectFrom('search_vocabulary').select(['word', 'documents']).orderBy('word').execute()).map((row) => [row.word, Number(row.documents)]);
  /** Rows and vocabulary as an older stemmer left them: each row one token, the vocabulary counting it. */
  async function indexInAnOldFormat(): Promise<void> {
    await sql`UPDATE document_search SET "titleTerms" = 'old', "bodyTerms" = 'format'`.execute(db());
    await db().deleteFrom('search_vocabulary').execute();
    await db().insertInto('search_vocabulary').values([{ word: 'old', documents: documentIds.length }, { word: 'format', documents: documentIds.length }]).execute();
  }
  const reindexJobs = async () => db().selectFrom('jobs').select(['payload', 'dedupeKey', 'status']).where('kind', '=', searchReindexJobKind).execute();

  it('re-indexes every document, a batch at a time, its progress going up to the total', async () => {
    const fresh = await indexRows();
    const freshVocabulary = await vocabulary();
    await indexInAnOldFormat();
    expect(await indexRows()).not.toEqual(fresh);

    const run = (await startSearchReindex(db(), 'admin'))!;
    expect(run).toMatchObject({ status: 'running', reason: 'admin', done: 0, total: documentIds.length, lastDocumentId: null });
    expect(await reindexJobs()).toEqual([{ payload: JSON.stringify({ runId: run.id }), dedupeKey: `${searchReindexJobKind}:${run.id}`, status: 'queued' }]);

    const progress: number[] = [];
    for (let outcome = ''; outcome !== 'finished'; ) {
      outcome = await reindexNextBatch(db(), run.id, pace);
      progress.push((await latestReindexRun(db()))!.done);
    }
    expect(progress).toEqual([3, 6, 7]);
    expect(await latestReindexRun(db())).toMatchObject({ status: 'done', done: 7, total: 7, lastDocumentId: 'doc-7', finishedAt: expect.any(String) });
    expect(await indexRows()).toEqual(fresh);
    expect(await vocabulary()).toEqual(freshVocabulary);
  });

  it('goes on after an interruption where it stopped: the batches done are not done again', async () => {
    const run = (await startSearchReindex(db(), 'admin'))!;
    expect(await reindexNextBatch(db(), run.id, pace)).toBe('moved');
    // The process stops; meanwhile something spoils every row, so that a row written again would show it.
    await sql`UPDATE document_search SET title = 'spoilt'`.execute(db());
    // Another runner takes the job over: a new slice of the same run.
    expect(await runReindexSlice(db(), run.id, { id: 'taken-over' }, pace)).toBe(true);
    const titles = (await indexRows()).map((row) => [row.documentId, row.title]);
    expect(titles).toEqual(documentIds.map((id, index) => [id, index < 3 ? 'spoilt' : `Gripper ${id}`]));
    expect(await latestReindexRun(db())).toMatchObject({ status: 'done', done: 7, total: 7 });
  });

  it('ends a job after its time and queues the next job of the run, once however often the job runs', async () => {
    const run = (await startSearchReindex(db(), 'admin'))!;
    const slow: ReindexPace = { ...pace, batchSize: 1, sliceMs: 0 };
    expect(await runReindexSlice(db(), run.id, { id: 'first' }, slow)).toBe(false);
    expect(await runReindexSlice(db(), run.id, { id: 'first' }, slow)).toBe(false);
    expect((await latestReindexRun(db()))!.done).toBe(2);
    const next = (await reindexJobs()).filter((job) => job.dedupeKey?.endsWith(':after:first'));
    expect(next).toEqual([{ payload: JSON.stringify({ runId: run.id }), dedupeKey: `${searchReindexJobKind}:${run.id}:after:first`, status: 'queued' }]);
  });

  it('indexes a document changed or published during the run as it is now, before and after the cursor', async () => {
    const run = (await startSearchReindex(db(), 'admin'))!;
    await reindexNextBatch(db(), run.id, pace);
    // What the document services do: the change and the document's new row in one transaction.
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ title: 'Gripper renamed' }).where('id', 'in', ['doc-2', 'doc-6']).execute();
      await reindexDocument(trx, 'doc-2');
      await reindexDocument(trx, 'doc-6');
    });
    await insertDocument(db(), { id: 'doc-0', title: 'Published during the run' });
    await insertDocument(db(), { id: 'doc-9', title: 'Published during the run too' });
    await runReindexSlice(db(), run.id, { id: 'rest' }, pace);
    const titles = Object.fromEntries((await indexRows()).map((row) => [row.documentId, row.title]));
    expect(titles).toMatchObject({ 'doc-0': 'Published during the run', 'doc-2': 'Gripper renamed', 'doc-6': 'Gripper renamed', 'doc-9': 'Published during the run too' });
    // doc-0 sorts before the cursor: its own transaction indexed it, the run did not count it.
    expect(await latestReindexRun(db())).toMatchObject({ status: 'done', done: 8, total: 8 });
    await db().deleteFrom('document_search').where('documentId', 'in', ['doc-0', 'doc-9']).execute();
    await db().deleteFrom('document_search_rowids').where('documentId', 'in', ['doc-0', 'doc-9']).execute();
    await db().deleteFrom('document_versions').where('documentId', 'in', ['doc-0', 'doc-9']).execute();
    await db().deleteFrom('documents').where('id', 'in', ['doc-0', 'doc-9']).execute();
    await db().updateTable('documents').set({ title: 'Gripper doc-2' }).where('id', '=', 'doc-2').execute();
    await db().updateTable('documents').set({ title: 'Gripper doc-6' }).where('id', '=', 'doc-6').execute();
  });

  it('runs one run at a time; a migration\'s request starts one, or starts the running one again from the first document', async () => {
    expect(await startRequestedReindex(db())).toBeNull();
    await db().insertInto('search_index_tasks').values({ task: 'rebuild' }).execute();
    const requested = (await startRequestedReindex(db()))!;
    expect(requested).toMatchObject({ status: 'running', reason: 'migration', total: 7 });
    expect(await db().selectFrom('search_index_tasks').selectAll().execute()).toEqual([]);
    expect(await startSearchReindex(db(), 'admin')).toBeNull();

    await reindexNextBatch(db(), requested.id, pace);
    await db().insertInto('search_index_tasks').values({ task: 'rebuild' }).execute();
    expect(await startRequestedReindex(db())).toMatchObject({ id: requested.id, done: 0, lastDocumentId: null });
    expect(await latestReindexRun(db())).toMatchObject({ id: requested.id, status: 'running', done: 0, lastDocumentId: null });
    // Its first job, and one more that goes from the start in case the chain had broken.
    expect((await reindexJobs()).map((job) => job.status)).toEqual(['queued', 'queued']);
  });

  it('refuses a payload without a run for good, and does nothing for a run that has ended', async () => {
    const handler = searchReindexJobHandlers({ db: db(), log: quietLog } as never, pace)[searchReindexJobKind]!;
    await expect(handler({}, { id: 'j' } as never)).rejects.toBeInstanceOf(PermanentJobError);
    const run = (await startSearchReindex(db(), 'admin'))!;
    await runReindexSlice(db(), run.id, { id: 'all' }, pace);
    const before = await latestReindexRun(db());
    await handler({ runId: run.id }, { id: 'late' } as never);
    expect(await latestReindexRun(db())).toEqual(before);
    await handler({ runId: 'no-such-run' }, { id: 'lost' } as never);
  });

  it.runIf(dialect === 'postgres')('waits for a document being changed, then tries again later; the change then waits for the batch', async () => {
    const run = (await startSearchReindex(db(), 'admin'))!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let changing!: () => void;
    const changed = new Promise<void>((resolve) => (changing = resolve));
    const change = db().transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ title: 'Gripper in review' }).where('id', '=', 'doc-1').execute();
      await reindexDocument(trx, 'doc-1');
      changing();
      await released;
    });
    await changed;
    const started = Date.now();
    expect(await reindexNextBatch(db(), run.id, pace)).toBe('busy');
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect((await latestReindexRun(db()))!.done).toBe(0);
    release();
    await change;
    expect(await reindexNextBatch(db(), run.id, pace)).toBe('moved');
    expect((await indexRows())[0]).toMatchObject({ documentId: 'doc-1', title: 'Gripper in review' });
    await db().updateTable('documents').set({ title: 'Gripper doc-1' }).where('id', '=', 'doc-1').execute();
  });

  // Each notice makes every process build its search catalog again: seconds at a large base, for every batch.
  it.runIf(dialect === 'postgres')('commits its batches without a notice to the other processes, and announces the run at its end', async () => {
    const onCommit = vi.fn();
    const stop = listenForContentCommits({ databaseUrl: testPostgresUrl, schema: handle.connection!.pgSchema, onCommit, onError: () => undefined });
    try {
      // A change of a document is heard (and shows the listener is listening).
      await vi.waitFor(async () => {
        await reindexDocument(db(), 'doc-1');
        expect(onCommit).toHaveBeenCalled();
      });
      onCommit.mockClear();
      const run = (await startSearchReindex(db(), 'admin'))!;
      onCommit.mockClear();
      expect(await reindexNextBatch(db(), run.id, pace)).toBe('moved');
      expect(await reindexNextBatch(db(), run.id, pace)).toBe('moved');
      await new Promise((wait) => setTimeout(wait, 300));
      expect(onCommit).not.toHaveBeenCalled();
      expect(await runReindexSlice(db(), run.id, { id: 'job-1' }, pace)).toBe(true);
      await vi.waitFor(() => expect(onCommit).toHaveBeenCalled());
    } finally {
      await stop();
    }
  });
});
