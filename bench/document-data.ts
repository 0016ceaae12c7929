import { resolve } from 'node:path';
import { numberOption, option } from './support/args.ts';
import { clusterOptions, startApiUnderTest } from './support/api-cluster.ts';
import { databaseUrlOption, type BenchTarget } from './support/database.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { random } from './support/corpus.ts';
import { cycle } from './support/queries.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * Requests per second of GET /api/Content/documentData against a seeded DATA_DIR or PostgreSQL
 * database, as the demo customer, over random documents that customer may see, at concurrency 1
 * and 32, through one API process or N behind nginx.
 *
 *   npx tsx bench/document-data.ts [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--processes 2] [--nginx] [--count 100000] [--seconds 20]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const count = numberOption('count', 100_000);
const seconds = numberOption('seconds', 20);

const next = random(5);
// bench/seed-documents.ts restricts every tenth document (i % 10 === 3) to partners.
const visibleIds = Array.from({ length: 5000 }, () => Math.floor(next() * count))
  .filter((i) => i % 10 !== 3)
  .map((i) => `/api/Content/documentData?documentId=bench-${i}`);

const api = await startApiUnderTest(target, clusterOptions());
try {
  const token = await mintToken(target, api.baseUrl, benchCustomer);
  await runLoad({ baseUrl: api.baseUrl, token, connections: 4, seconds: 5, nextPath: cycle(visibleIds) });
  console.log(`${machineSummary()}; ${api.description}; ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
  for (const connections of [1, 32]) {
    console.log(withLoadAverage(formatLoad('documentData', await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: cycle(visibleIds) }))));
  }
  console.log(`API peak RSS ${api.peakRssMiB().map((peak) => `${peak.toFixed(0)} MiB`).join(', ')}`);
} finally {
  await api.stop();
}
