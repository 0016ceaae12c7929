import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { startApiUnderTest } from './support/api-cluster.ts';
import { databaseUrlOption, openTargetDatabase, type BenchTarget } from './support/database.ts';
import { formatLoad, runLoad, type LoadResult } from './support/load.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { counterByLabel, distinctQueries } from './support/search-workloads.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * What recording search analytics costs the searches (target: at most 2 % on search p95 at concurrency 32). Against
 * a seeded DATA_DIR or PostgreSQL database (bench/seed-documents.ts), the distinct-queries workload of
 * bench/search.ts at concurrency 32, alternately with SEARCH_ANALYTICS_RECORDING=false and true (A B A B …: --rounds
 * pairs, the order turned every other round: A B B A …), each run on a fresh API process after a warm-up at
 * concurrency 4. Both runs of a round ask the same queries in the same order (a query generator of the round's own
 * seed each), so a pair differs by recording alone and not by which queries it drew; no run asks a query twice, warm-up
 * included, and each run is a fresh process: every answer is computed, every zero-result search asks why.
 * Prints each run's p95 and req/s (with the events recorded, from /metrics), the medians per side and the p95
 * difference, each with the 1-minute load average: on a busy machine, compare only figures taken under similar load.
 * The write path alone (how long writing one batch holds the event loop): bench/search-analytics-recording.ts.
 *
 *   npx tsx bench/search-analytics-cost.ts [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--seconds 15] [--rounds 2] [--warm-up 5]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const seconds = numberOption('seconds', 15);
const rounds = numberOption('rounds', 2);
const warmUpSeconds = numberOption('warm-up', 5);
const connections = 32;
const metricsToken = 'bench-metrics-token-0123456789';

interface Run {
  recording: boolean;
  result: LoadResult;
}

/** The search intents stored (the recorder's work, written by the time the process has stopped). */
async function storedIntents(): Promise<{ intents: number; noResults: number }> {
  const handle = openTargetDatabase(target);
  try {
    const row = await handle.db
      .selectFrom('search_intents')
      .select((eb) => [eb.fn.countAll<number | string>().as('intents'), eb.fn.sum<number | string | null>(eb.case().when('resultCount', '=', 0).then(1).else(0).end()).as('noResults')])
      .executeTakeFirstOrThrow();
    return { intents: Number(row.intents), noResults: Number(row.noResults ?? 0) };
  } finally {
    await handle.db.destroy();
  }
}

async function measure(recording: boolean, round: number): Promise<Run> {
  const fresh = distinctQueries(2027 + round);
  const before = await storedIntents();
  const api = await startApiUnderTest(target, { processes: 1, nginx: false }, { SEARCH_ANALYTICS_RECORDING: String(recording), METRICS_TOKEN: metricsToken });
  let result: LoadResult;
  let events: Map<string, number>;
  let peakRss: number[];
  try {
    const token = await mintToken(target, api.baseUrl, benchCustomer);
    await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: warmUpSeconds, nextPath: fresh });
    const eventsBefore = await counterByLabel(api.processUrls, metricsToken, 'portal_search_analytics_events_total', 'result');
    result = await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: fresh });
    const eventsAfter = await counterByLabel(api.processUrls, metricsToken, 'portal_search_analytics_events_total', 'result');
    events = new Map(['buffered', 'dropped'].map((kind) => [kind, (eventsAfter.get(kind) ?? 0) - (eventsBefore.get(kind) ?? 0)]));
    peakRss = api.peakRssMiB();
  } finally {
    // Stopping writes what the recorder still holds.
    await api.stop();
  }
  const after = await storedIntents();
  const label = `recording ${recording ? 'on ' : 'off'}, distinct queries`;
  const recorded = `events buffered ${events.get('buffered')}, dropped ${events.get('dropped')}; intents stored ${after.intents - before.intents} (${after.noResults - before.noResults} without a result)`;
  console.log(withLoadAverage(`${formatLoad(label, result)}; ${recorded}; API peak RSS ${peakRss.map((peak) => `${peak.toFixed(0)} MiB`).join(', ')}`));
  if (result.failures > 0) throw new Error(`${result.failures} requests failed: the figures are not comparable`);
  return { recording, result };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

console.log(`${machineSummary()}; ${target.databaseUrl ? 'PostgreSQL' : `SQLite in ${target.dataDir}`}; ${rounds} round(s) of ${seconds} s at concurrency ${connections}, recording off and on in turns (A B B A …), the same queries on both sides of a round`);
const runs: Run[] = [];
for (let round = 0; round < rounds; round++) {
  for (const recording of round % 2 === 0 ? [false, true] : [true, false]) runs.push(await measure(recording, round));
}
const side = (recording: boolean) => {
  const results = runs.filter((run) => run.recording === recording).map((run) => run.result);
  return { p95: median(results.map((result) => result.p95)), rate: median(results.map((result) => result.requestsPerSecond)) };
};
const off = side(false);
const on = side(true);
const p95Change = ((on.p95 - off.p95) / off.p95) * 100;
const rateChange = ((on.rate - off.rate) / off.rate) * 100;
console.log(withLoadAverage(`medians: recording off p95 ${off.p95.toFixed(1)} ms, ${off.rate.toFixed(0)} req/s; on p95 ${on.p95.toFixed(1)} ms, ${on.rate.toFixed(0)} req/s`));
const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;
// Each round's pair asked the same queries: its own change, and their median.
const pairChanges = Array.from({ length: rounds }, (_, round) => {
  const [first, second] = runs.slice(round * 2, round * 2 + 2) as [Run, Run];
  const [offRun, onRun] = first.recording ? [second, first] : [first, second];
  return ((onRun.result.p95 - offRun.result.p95) / offRun.result.p95) * 100;
});
console.log(`recording changes p95 by ${signed(p95Change)} and req/s by ${signed(rateChange)} (target: p95 at most +2 %)`);
console.log(`p95 change per round (same queries on both sides): ${pairChanges.map(signed).join(', ')}; median ${signed(median(pairChanges))}`);
