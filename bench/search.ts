import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { machineSummary } from './support/machine.ts';
import { coldWordKinds, cycle, rareWordPaths, searchKinds, searchPaths } from './support/queries.ts';
import { sampleRss } from './support/rss-sampler.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * Search latency against a seeded DATA_DIR (bench/seed-documents.ts): the real API on a free port,
 * a mix of queries as the demo customer (so the audience filter applies), autocannon at
 * concurrency 1 and 32; p50/p95 per response, and the API's peak RSS.
 *
 *   npx tsx bench/search.ts [--data-dir /tmp/portal-bench] [--seconds 20]
 */

const dataDir = resolve(option('data-dir', '/tmp/portal-bench'));
const seconds = numberOption('seconds', 20);

async function timeOne(baseUrl: string, token: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)].toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${sorted.length} requests)`;
}

const api = await startApi(dataDir);
const rss = sampleRss(api.pid);
try {
  const token = await mintToken(dataDir, api.baseUrl, benchCustomer);
  const paths = searchPaths();
  console.log(machineSummary());
  // Cold words: the first search of each word since the server started. Later searches of a
  // frequent word use its cached matches; these show what a word costs the first time. Searches
  // of rare words first build the catalog and warm the code; rare words are never cached (they
  // cost little), so they leave the word cache empty.
  for (const path of rareWordPaths(200)) await timeOne(api.baseUrl, token, path);
  for (const kind of coldWordKinds()) {
    const times: number[] = [];
    for (const path of kind.paths) times.push(await timeOne(api.baseUrl, token, path));
    console.log(`  cold, ${kind.name}: ${percentiles(times)}`);
  }
  // Warm-up: page cache and statement paths, not measured.
  await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: 5, nextPath: cycle(paths) });
  for (const connections of [1, 32]) {
    console.log(formatLoad('search', await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: cycle(paths) })));
  }
  // One request at a time per kind, to show where the time goes.
  for (const kind of searchKinds(7)) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) times.push(await timeOne(api.baseUrl, token, kind.path()));
    console.log(`  ${kind.name}: ${percentiles(times)}`);
  }
  console.log(`API peak RSS ${rss.peakMiB().toFixed(0)} MiB`);
} finally {
  rss.stop();
  await api.stop();
}
