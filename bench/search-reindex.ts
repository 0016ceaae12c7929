import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { warmSearchCatalog } from '../apps/api/src/modules/search/catalog-search.repository.ts';
import { searchIndexChanged } from '../apps/api/src/modules/search/search-index.repository.ts';
import { defaultReindexPace, runReindexSlice, startSearchReindex } from '../apps/api/src/modules/search/search-reindex.job.ts';
import { latestReindexRun } from '../apps/api/src/modules/search/search-reindex.repository.ts';
import { option } from './support/args.ts';
import { databaseUrlOption, openTargetDatabase, type BenchTarget } from './support/database.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';

/*
 * The full re-index of search on a seeded DATA_DIR (bench/seed-documents.ts), in this process as a job
 * runner runs it (the default pace: batches, pauses, slices of jobs): how long it takes, documents per
 * second, and how long the event loop was held meanwhile (what any other request of the process waits at
 * most). Also how long one build of the search catalog takes (each API process builds it again when the
 * content changes), before the run.
 *
 *   npx tsx bench/search-reindex.ts --data-dir /tmp/portal-bench [--database-url postgres://…]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);

async function main(): Promise<void> {
  const { db } = openTargetDatabase(target);
  try {
    console.log(machineSummary());
    const buildStarted = performance.now();
    await warmSearchCatalog(db);
    console.log(withLoadAverage(`search catalog build: ${(performance.now() - buildStarted).toFixed(0)} ms`));

    await db.deleteFrom('jobs').where('kind', '=', 'search.reindex').execute();
    const run = await startSearchReindex(db, 'admin');
    if (!run) throw new Error('A re-index is running already in this database');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let slices = 0;
    while (!(await runReindexSlice(db, run.id, { id: `bench-${slices}` }, defaultReindexPace))) slices += 1;
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    const done = (await latestReindexRun(db))!;
    console.log(withLoadAverage(`re-index of ${done.done} documents: ${seconds.toFixed(1)} s, ${(done.done / seconds).toFixed(0)} documents/s, ${slices + 1} jobs`));
    console.log(`event loop delay meanwhile: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`);
    searchIndexChanged();
  } finally {
    await db.destroy();
  }
}

await main();
