import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { machineSummary } from './support/machine.ts';
import { random } from './support/corpus.ts';
import { cycle } from './support/queries.ts';
import { sampleRss } from './support/rss-sampler.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * Requests per second of GET /api/Content/documentData against a seeded DATA_DIR, as the demo
 * customer, over random documents that customer may see, at concurrency 1 and 32.
 *
 *   npx tsx bench/document-data.ts [--data-dir /tmp/portal-bench] [--count 100000] [--seconds 20]
 */

const dataDir = resolve(option('data-dir', '/tmp/portal-bench'));
const count = numberOption('count', 100_000);
const seconds = numberOption('seconds', 20);

const next = random(5);
// bench/seed-documents.ts restricts every tenth document (i % 10 === 3) to partners.
const visibleIds = Array.from({ length: 5000 }, () => Math.floor(next() * count))
  .filter((i) => i % 10 !== 3)
  .map((i) => `/api/Content/documentData?documentId=bench-${i}`);

const api = await startApi(dataDir);
const rss = sampleRss(api.pid);
try {
  const token = await mintToken(dataDir, api.baseUrl, benchCustomer);
  await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: 5, nextPath: cycle(visibleIds) });
  console.log(machineSummary());
  for (const connections of [1, 32]) {
    console.log(formatLoad('documentData', await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: cycle(visibleIds) })));
  }
  console.log(`API peak RSS ${rss.peakMiB().toFixed(0)} MiB`);
} finally {
  rss.stop();
  await api.stop();
}
