import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { clusterOptions, startApiUnderTest } from './support/api-cluster.ts';
import { databaseUrlOption, type BenchTarget } from './support/database.ts';
import { formatLoad, percentile, runLoad } from './support/load.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { coldMisspeltPaths, coldWordKinds, cycle, forgivingSearchKinds, rareWordPaths, searchKinds } from './support/queries.ts';
import { cacheLookups, distinctQueries, hitRatio, realisticMix } from './support/search-workloads.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * Search latency against a seeded DATA_DIR or PostgreSQL database (bench/seed-documents.ts): the
 * real API on a free port (or N of them behind nginx), as the demo customer (so the audience filter
 * applies), autocannon at concurrency 1 and 32; p50/p95 per response, the 1-minute load average with
 * every figure, the page cache's hit ratio read from the processes' /metrics, and their peak RSS.
 * Three workloads, in this order: queries nobody asked before (the headline: word pairs, prefixes,
 * filters; the warm-up uses other queries of the same kinds, never one that is then measured), with
 * /healthz probed beside the concurrent run; a realistic mix (Zipf law over queries, a third unique);
 * pure repeats (cache figures).
 *
 * --quick keeps only the warm-up and the two concurrency runs (no cold words, no latency by kind).
 * --settle N waits N seconds after the start, so that the servers' start-up look-ups of the frequent
 * words (a minute of database work on PostgreSQL at 100,000 documents) are over before measuring.
 *
 *   npx tsx bench/search.ts [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--processes 2] [--nginx] [--seconds 20] [--quick] [--settle 90]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const seconds = numberOption('seconds', 20);
const quick = process.argv.includes('--quick');
const settleSeconds = numberOption('settle', 0);

async function timeOne(baseUrl: string, token: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => percentile(sorted, share).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${sorted.length} requests)`;
}

const metricsToken = 'bench-metrics-token-0123456789';
const api = await startApiUnderTest(target, clusterOptions(), { METRICS_TOKEN: metricsToken });
try {
  const token = await mintToken(target, api.baseUrl, benchCustomer);
  console.log(`${machineSummary()}; ${api.description}; ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
  if (settleSeconds > 0) {
    await new Promise((wait) => setTimeout(wait, settleSeconds * 1000));
    console.log(withLoadAverage(`  settled ${settleSeconds} s after the start`));
  }
  // Cold words: the first search of each word since the server started. Later searches of a
  // frequent word use its cached matches; these show what a word costs the first time. Searches
  // of rare words first build the catalog and warm the code; rare words are never cached (they
  // cost little), so they leave the word cache empty.
  for (const path of rareWordPaths(quick ? 20 : 200)) await timeOne(api.baseUrl, token, path);
  for (const kind of quick ? [] : [...coldWordKinds(), { name: 'misspelt word (corrected)', paths: coldMisspeltPaths() }]) {
    const times: number[] = [];
    for (const path of kind.paths) times.push(await timeOne(api.baseUrl, token, path));
    console.log(withLoadAverage(`  cold, ${kind.name}: ${percentiles(times)}`));
  }
  const fresh = distinctQueries();
  const measured = async (label: string, connections: number, nextPath: () => string, beside?: () => Promise<string>) => {
    const before = await cacheLookups(api.processUrls, metricsToken);
    const [result, besideReport] = await Promise.all([runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath }), beside?.()]);
    const ratio = hitRatio(before, await cacheLookups(api.processUrls, metricsToken));
    console.log(withLoadAverage(`${formatLoad(label, result)}; ${ratio}${besideReport ? `; ${besideReport}` : ''}`));
  };
  // Warm-up: code paths and the database's pages, with distinct queries that are not measured afterwards.
  await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: 5, nextPath: fresh });
  await measured('distinct queries', 1, fresh);
  await measured('distinct queries', 32, fresh, () => probeHealth(api.baseUrl, seconds));
  const mix = realisticMix(5000, fresh);
  for (const connections of [1, 32]) await measured('realistic mix', connections, mix);
  const repeats = Array.from({ length: 50 }, fresh);
  for (const path of repeats) await timeOne(api.baseUrl, token, path);
  await measured('pure repeats (cache figure)', 32, cycle(repeats));
  // One request at a time per kind, to show where the time goes.
  for (const kind of quick ? [] : [...searchKinds(7), ...forgivingSearchKinds(7)]) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) times.push(await timeOne(api.baseUrl, token, kind.path()));
    console.log(withLoadAverage(`  ${kind.name}: ${percentiles(times)}`));
  }
  console.log(`API peak RSS ${api.peakRssMiB().map((peak) => `${peak.toFixed(0)} MiB`).join(', ')}`);
} finally {
  await api.stop();
}

/** /healthz answered every 100 ms for `seconds` (while the load runs): its p99 and the slowest answer. */
async function probeHealth(baseUrl: string, seconds: number): Promise<string> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    await fetch(`${baseUrl}/healthz`).then((response) => response.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const sorted = times.sort((a, b) => a - b);
  return `/healthz meanwhile p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (${sorted.length} probes)`;
}
