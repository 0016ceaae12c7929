import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { machineSummary } from './support/machine.ts';
import { cycle, searchKinds, searchPaths } from './support/queries.ts';
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

const api = await startApi(dataDir);
const rss = sampleRss(api.pid);
try {
  const token = await mintToken(dataDir, api.baseUrl, benchCustomer);
  const paths = searchPaths();
  // Warm-up: page cache and statement paths, not measured.
  await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: 5, nextPath: cycle(paths) });
  console.log(machineSummary());
  for (const connections of [1, 32]) {
    console.log(formatLoad('search', await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: cycle(paths) })));
  }
  // One request at a time per kind, to show where the time goes.
  for (const kind of searchKinds(7)) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}${kind.path()}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${kind.name}: HTTP ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${kind.name}: p50 ${times[19].toFixed(1)} ms, p95 ${times[37].toFixed(1)} ms`);
  }
  console.log(`API peak RSS ${rss.peakMiB().toFixed(0)} MiB`);
} finally {
  rss.stop();
  await api.stop();
}
