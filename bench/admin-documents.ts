import { resolve } from 'node:path';
import type { AuthUser } from '@portal/contracts/users';
import { numberOption, option } from './support/args.ts';
import { clusterOptions, startApiUnderTest } from './support/api-cluster.ts';
import { databaseUrlOption, type BenchTarget } from './support/database.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { cycle } from './support/queries.ts';
import { random, vocabulary } from './support/corpus.ts';
import { mintToken } from './support/token.ts';

/*
 * Issue #13: the publishing console's document table (GET /api/Admin/documents) against a seeded
 * DATA_DIR or PostgreSQL database (bench/seed-documents.ts), as the demo publisher: a mix of what
 * the table asks for (the first page, deep pages, each sort both ways, filters, a title search),
 * one request at a time and at concurrency 8; p50/p95 per response, target p95 under 300 ms.
 *
 *   npx tsx bench/admin-documents.ts [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--seconds 15]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const seconds = numberOption('seconds', 15);

const publisher: AuthUser = { sub: 'demo-publisher', email: 'publisher@demo.example', name: 'Pia Publisher', roles: ['publisher', 'employee'], account: null };

/** A fixed mix of the table's requests, in equal shares of each kind. */
function tablePaths(count = 1000): string[] {
  const words = vocabulary();
  const next = random(13);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const list = (query: string) => `/api/Admin/documents?pageSize=25&${query}`;
  const kinds = [
    () => list('sort=updatedAt&direction=desc&page=1'),
    () => list(`sort=${pick(['title', 'updatedAt', 'type'])}&direction=${pick(['asc', 'desc'])}&page=${1 + Math.floor(next() * 4000)}`),
    () => list(`type=${pick(['manual', 'datasheet', 'drawing', 'certificate'])}&sort=title&page=${1 + Math.floor(next() * 20)}`),
    () => list(`language=${pick(['en', 'de', 'fr'])}&state=published&page=${1 + Math.floor(next() * 20)}`),
    () => list(`audience=restricted&sort=type&page=${1 + Math.floor(next() * 20)}`),
    () => list(`q=B00${Math.floor(next() * 1000)}`),
    () => list(`q=${encodeURIComponent(pick(words.slice(61, 400)))}`),
  ];
  return Array.from({ length: count }, () => pick(kinds)());
}

const api = await startApiUnderTest(target, clusterOptions());
try {
  const token = await mintToken(target, api.baseUrl, publisher);
  const paths = tablePaths();
  console.log(`${machineSummary()}; ${api.description}; ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
  await runLoad({ baseUrl: api.baseUrl, token, connections: 2, seconds: 3, nextPath: cycle(paths) });
  for (const connections of [1, 8]) {
    console.log(withLoadAverage(formatLoad('console table', await runLoad({ baseUrl: api.baseUrl, token, connections, seconds, nextPath: cycle(paths) }))));
  }
  console.log(`API peak RSS ${api.peakRssMiB().map((peak) => `${peak.toFixed(0)} MiB`).join(', ')}`);
} finally {
  await api.stop();
}
