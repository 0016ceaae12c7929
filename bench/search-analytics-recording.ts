import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import { recordEvents } from '../apps/api/src/modules/search-analytics/search-intents.ts';
import type { AnalyticsEvent } from '../apps/api/src/modules/search-analytics/search-analytics.recorder.ts';
import { numberOption, option } from './support/args.ts';
import { openTargetDatabase, type BenchTarget } from './support/database.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';

/*
 * How long writing one batch of search analytics holds the API's event loop on SQLite (node:sqlite is synchronous:
 * every statement runs on the thread that serves the requests). Writes `--batches` batches of `--events` events into
 * a fresh database (after `--prefill` batches, so the tables are not empty), as the recorder does, and prints for
 * each: the time from start to end, the process's CPU time (what the searches lose: node:sqlite runs on the main
 * thread), and the longest stretch without a turn of the event loop (what one search may wait at most). The events: `--readers` readers, each typing a
 * query in keystrokes, paging, changing a facet, opening and downloading a result and then searching something that
 * finds nothing, 24 results a page; why nothing was found is answered at once (the search module is not measured).
 *
 *   npx tsx bench/search-analytics-recording.ts [--events 2000] [--batches 5] [--prefill 10] [--readers 200] [--data-dir /tmp/portal-bench-search-recording]
 */

const events = numberOption('events', 2000);
const batches = numberOption('batches', 5);
const prefill = numberOption('prefill', 10);
const readers = numberOption('readers', 200);
const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench-search-recording')) };

const pageSize = 24;
const start = Date.UTC(2026, 2, 2, 8);
const keyOf = (sub: string) => `key-${sub}`;
const answerAtOnce = async () => ({ reason: 'nothingExists' as const, hiddenMatches: 0 });

/** The `step`th event of reader `reader`: a cycle of eight, a second apart, a new query every cycle. */
function eventOf(reader: number, step: number): AnalyticsEvent {
  const cycle = Math.floor(step / 8);
  const query = `pump${(reader * 31 + cycle) % 997} seal`;
  const at = new Date(start + (cycle * 60 + (step % 8)) * 1000 + reader).toISOString();
  const userSub = `reader-${reader}`;
  const results = (page: number) => Array.from({ length: pageSize }, (_, i) => `doc-${(reader * 13 + cycle * 7 + page * pageSize + i) % 5000}`);
  const search = (text: string, page = 1, type: string[] = []): AnalyticsEvent => ({
    kind: 'search', userSub, text, total: 120, roles: ['customer'], account: 'ACME', locale: 'en', facets: { type, product: [], language: [] }, page, pageSize, resultIds: results(page), at,
  });
  switch (step % 8) {
    case 0: return search(query.slice(0, 4));
    case 1: return search(query.slice(0, 6));
    case 2: return search(query);
    case 3: return search(query, 2);
    case 4: return { kind: 'open', userSub, documentId: results(1)[2]!, at };
    case 5: return search(query, 1, ['manual']);
    case 6: return { kind: 'download', userSub, documentId: results(1)[0]!, at };
    default: return { ...(search(`xylo${cycle}`) as Extract<AnalyticsEvent, { kind: 'search' }>), total: 0, resultIds: [] };
  }
}

let steps = 0;
/** The next `events` events: every reader's next step in turn, so a batch mixes readers as the recorder's buffer does. */
function nextBatch(): AnalyticsEvent[] {
  const batch: AnalyticsEvent[] = [];
  while (batch.length < events) {
    for (let reader = 0; reader < readers && batch.length < events; reader++) batch.push(eventOf(reader, steps));
    steps += 1;
  }
  return batch;
}

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Runs `work` while a ticker takes turns of the event loop: the longest gap between two turns is the longest block,
 * in wall time (what a search waits, on this machine at its load) and in the process's CPU time (what the code
 * itself holds, without the time a busy machine takes the core away or the disk makes it wait).
 */
async function timed(work: () => Promise<void>): Promise<{ ms: number; cpuMs: number; longestBlockMs: number; longestBlockCpuMs: number }> {
  let running = true;
  let longest = 0;
  let longestCpu = 0;
  const ticker = (async () => {
    let last = performance.now();
    let lastCpu = cpuNow();
    while (running) {
      await nextTurn();
      const now = performance.now();
      const cpu = cpuNow();
      longest = Math.max(longest, now - last);
      longestCpu = Math.max(longestCpu, cpu - lastCpu);
      last = now;
      lastCpu = cpu;
    }
  })();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  running = false;
  await ticker;
  return { ms, cpuMs: (used.user + used.system) / 1000, longestBlockMs: longest, longestBlockCpuMs: longestCpu };
}

await rm(target.dataDir, { recursive: true, force: true });
await mkdir(target.dataDir, { recursive: true });
const handle = openTargetDatabase(target);
try {
  await migrateToLatest(handle.db);
  for (let i = 0; i < prefill; i++) await recordEvents(handle.db, keyOf, nextBatch(), answerAtOnce);
  console.log(`${machineSummary()}; SQLite in ${target.dataDir}; ${prefill} batch(es) written before, ${readers} readers, ${events} events a batch`);
  const figures = [];
  for (let i = 0; i < batches; i++) {
    const batch = nextBatch();
    const figure = await timed(() => recordEvents(handle.db, keyOf, batch, answerAtOnce));
    figures.push(figure);
    console.log(
      withLoadAverage(
        `batch ${i + 1}: ${figure.ms.toFixed(0)} ms, CPU ${figure.cpuMs.toFixed(0)} ms, longest block ${figure.longestBlockMs.toFixed(1)} ms (CPU ${figure.longestBlockCpuMs.toFixed(1)} ms)`,
      ),
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    withLoadAverage(
      `median of ${batches}: ${median(figures.map((f) => f.ms)).toFixed(0)} ms, CPU ${median(figures.map((f) => f.cpuMs)).toFixed(0)} ms ` +
        `(${((median(figures.map((f) => f.cpuMs)) * 1000) / events).toFixed(0)} µs an event), longest block ${median(figures.map((f) => f.longestBlockMs)).toFixed(1)} ms ` +
        `(max ${Math.max(...figures.map((f) => f.longestBlockMs)).toFixed(1)} ms), in CPU time ${median(figures.map((f) => f.longestBlockCpuMs)).toFixed(1)} ms (max ${Math.max(...figures.map((f) => f.longestBlockCpuMs)).toFixed(1)} ms)`,
    ),
  );
} finally {
  await handle.db.destroy();
}
