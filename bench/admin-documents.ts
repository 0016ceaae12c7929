import { resolve } from 'node:path';
import type { AuthUser } from '@portal/contracts/users';
import { numberOption, option } from './support/args.ts';
import { clusterOptions, startApiUnderTest } from './support/api-cluster.ts';
import { databaseUrlOption, type BenchTarget } from './support/database.ts';
import { formatLoad, runLoad } from './support/load.ts';
import { formatKind, runMixedLoad } from './support/mixed-load.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { cycle } from './support/queries.ts';
import { random, vocabulary } from './support/corpus.ts';
import { mintToken } from './support/token.ts';

/*
 * Issue #13: the publishing console's document table (GET /api/Admin/documents) against a seeded
 * DATA_DIR or PostgreSQL database (bench/seed-documents.ts), as the demo publisher: a mix of what
 * the table asks for (the first page, deep pages, each sort both ways, filters, a title search),
 * one request at a time and at concurrency 8; p50/p95 per response, target p95 under 300 ms. Then
 * one request at a time again with p50/p95 per kind of request, to show which ones are slow.
 *
 *   npx tsx bench/admin-documents.ts [--data-dir /tmp/portal-bench] [--database-url postgres://…] [--seconds 15]
 */

const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench')), databaseUrl: databaseUrlOption() };
const seconds = numberOption('seconds', 15);

const publisher: AuthUser = { sub: 'demo-publisher', email: 'publisher@demo.example', name: 'Pia Publisher', roles: ['publisher', 'employee'], account: null };

/** The kinds of request the table makes; their parameters are drawn from `next`. */
function tableKinds(next: () => number): { name: string; next: () => string }[] {
  const words = vocabulary();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const list = (query: string) => `/api/Admin/documents?pageSize=25&${query}`;
  return [
    { name: 'first page', next: () => list('sort=updatedAt&direction=desc&page=1') },
    { name: 'deep page', next: () => list(`sort=${pick(['title', 'updatedAt', 'type'])}&direction=${pick(['asc', 'desc'])}&page=${1 + Math.floor(next() * 4000)}`) },
    { name: 'type filter', next: () => list(`type=${pick(['manual', 'datasheet', 'drawing', 'certificate'])}&sort=title&page=${1 + Math.floor(next() * 20)}`) },
    { name: 'language+state', next: () => list(`language=${pick(['en', 'de', 'fr'])}&state=published&page=${1 + Math.floor(next() * 20)}`) },
    { name: 'audience', next: () => list(`audience=restricted&sort=type&page=${1 + Math.floor(next() * 20)}`) },
    { name: 'reference q', next: () => list(`q=B00${Math.floor(next() * 1000)}`) },
    { name: 'title word q', next: () => list(`q=${encodeURIComponent(pick(words.slice(61, 400)))}`) },
  ];
}

/** A fixed mix of the table's requests, in equal shares of each kind. */
function tablePaths(count = 1000): string[] {
  const next = random(13);
  const kinds = tableKinds(next);
  return Array.from({ length: count }, () => kinds[Math.floor(next() * kinds.length)]!.next());
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
  const kinds = tableKinds(random(13)).map(({ name, next }) => ({ name, weight: 1, next: () => ({ path: next() }) }));
  const byKind = await runMixedLoad({ baseUrl: api.baseUrl, tokens: [token], connections: 1, seconds, kinds, random: random(7) });
  console.log(withLoadAverage('by kind, c=1:'));
  for (const kind of byKind.kinds) console.log(formatKind(kind));
  console.log(`API peak RSS ${api.peakRssMiB().map((peak) => `${peak.toFixed(0)} MiB`).join(', ')}`);
} finally {
  await api.stop();
}
