import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../apps/api/src/platform/db/migrations/index.ts';
import type { Database } from '../apps/api/src/platform/db/schema.ts';
import { runSearchAnalyticsRollups } from '../apps/api/src/modules/search-analytics/index.ts';
import { numberOption, option } from './support/args.ts';
import { startApi } from './support/api-server.ts';
import { databaseUrlOption, openTargetDatabase, resetPostgresSchema, targetEnv, type BenchTarget } from './support/database.ts';
import { machineSummary, withLoadAverage } from './support/machine.ts';
import { tokenMinter } from './support/token.ts';

/*
 * The search analytics dashboard at scale: seeds `--searches` (10 million) recorded search intents over 25 months
 * straight in SQL (generate_series on PostgreSQL, a recursive CTE on SQLite; the module's own recorder writes one
 * intent at a time, far too slow for a seed), builds the daily roll-ups with the module's own job (timed), starts the
 * real API, and times the dashboard's summary and top tables
 * (`--runs` calls each, p50 and p95) for the last 30 days (the page's default) and for the last 12 months, unfiltered
 * and filtered by role. Target: ≤ 500 ms p95.
 *
 *   npx tsx bench/search-analytics.ts [--searches 10000000] [--runs 20] [--data-dir /tmp/portal-bench-search-analytics]
 *     [--database-url postgres://… (a dedicated database: its schema is reset)]
 */

const searches = numberOption('searches', 10_000_000);
const runs = numberOption('runs', 20);
const target: BenchTarget = { dataDir: resolve(option('data-dir', '/tmp/portal-bench-search-analytics')), databaseUrl: databaseUrlOption() };
const publisher = { sub: 'demo-publisher', email: 'publisher@demo.example', name: 'Paula Publisher', roles: ['publisher' as const, 'employee' as const], account: null };

const days = 25 * 31;
const dayMs = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const firstDay = new Date(Date.parse(today) - (days - 1) * dayMs).toISOString().slice(0, 10);
const chunk = 500_000;

/**
 * The columns of intent `i`, as SQL over the integer `i` (the same expressions on both engines but for the day):
 * a long tail of 50,000 queries with a skewed head, 200,000 readers, one in ten without a result, a third opened.
 */
function columns(day: string) {
  return `
    'b' || i, 'u' || (i % 200000), ${day}, ${day} || 'T10:00:00.000Z', ${day} || 'T10:00:05.000Z',
    'query ' || ((i % 97) * (i % 89) % 50000), 'query ' || ((i % 97) * (i % 89) % 50000),
    '{"type":[],"product":[],"language":[]}',
    case when i % 10 = 0 then ',P' || (i % 40) || ',' else '' end,
    case when i % 5 = 0 then ',partner,' else ',customer,' end,
    case when i % 4 = 0 then null else 'ACME-' || (i % 300) end,
    case i % 3 when 0 then 'en' when 1 then 'de-de' else 'fr-fr' end,
    case when i % 10 = 0 then 0 else i % 50 + 1 end,
    1 + i % 3,
    case when i % 10 <> 0 then null when i % 30 = 0 then 'nothingExists' when i % 30 = 10 then 'hiddenByAccess' else 'otherLanguage' end,
    case when i % 30 = 10 then 1 + i % 4 else 0 end,
    case when i % 10 <> 0 and i % 3 = 0 then 1 else 0 end,
    case when i % 10 <> 0 and i % 3 = 0 then 1 + i % 7 else 0 end,
    case when i % 10 <> 0 and i % 11 = 0 then 1 else 0 end,
    case when i % 13 = 0 then 1 else 0 end`;
}

const intoIntents = `insert into search_intents ("id", "userKey", "day", "startedAt", "lastAt", "query", "queryKey", "facets", "products", "roles", "account", "locale",
  "resultCount", "searches", "noResultReason", "hiddenMatches", "opens", "openPositionSum", "downloads", "refined")`;

async function seedChunk(db: Kysely<Database>, first: number, last: number): Promise<void> {
  if (target.databaseUrl) {
    const day = `to_char(date '${firstDay}' + (i % ${days})::int, 'YYYY-MM-DD')`;
    await sql.raw(`${intoIntents} select ${columns(day)} from generate_series(${first}, ${last}) as i`).execute(db);
  } else {
    const day = `date('${firstDay}', '+' || (i % ${days}) || ' days')`;
    await sql.raw(`with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${last}) ${intoIntents} select ${columns(day)} from n`).execute(db);
  }
}

async function seed(): Promise<number> {
  await rm(target.dataDir, { recursive: true, force: true });
  await mkdir(target.dataDir, { recursive: true });
  const handle = openTargetDatabase(target);
  try {
    if (target.databaseUrl) await resetPostgresSchema(handle);
    await migrateToLatest(handle.db);
    const started = performance.now();
    for (let first = 1; first <= searches; first += chunk) {
      await seedChunk(handle.db, first, Math.min(searches, first + chunk - 1));
      process.stdout.write(`\rseeded ${Math.min(searches, first + chunk - 1).toLocaleString('en')} of ${searches.toLocaleString('en')} searches`);
    }
    process.stdout.write('\n');
    await analyze(handle.db);
    return performance.now() - started;
  } finally {
    await handle.db.destroy();
  }
}

async function analyze(db: Kysely<Database>): Promise<void> {
  // PostgreSQL: vacuum too, as autovacuum would, so the readers' indexes are read without the table (index-only scans).
  if (target.databaseUrl) await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}

/** The roll-up job's first run over the seeded days (later runs only roll up the day just closed and days changed since). */
async function rollUp(): Promise<{ ms: number; days: number; blocks: number }> {
  const handle = openTargetDatabase(target);
  try {
    const started = performance.now();
    const rolled = await runSearchAnalyticsRollups(handle.db);
    const ms = performance.now() - started;
    await analyze(handle.db);
    return { ms, ...rolled };
  } finally {
    await handle.db.destroy();
  }
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;

async function time(url: string, headers: Record<string, string>): Promise<string> {
  const durations: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return `p50 ${percentile(durations, 0.5).toFixed(0)} ms, p95 ${percentile(durations, 0.95).toFixed(0)} ms`;
}

const seedMs = await seed();
const rollups = await rollUp();
const api = await startApi(target.dataDir, targetEnv(target));
try {
  const headers = { authorization: `Bearer ${await (await tokenMinter(target, api.baseUrl))(publisher)}` };
  const yearAgo = new Date(Date.parse(today) - 364 * dayMs).toISOString().slice(0, 10);
  console.log(machineSummary());
  console.log(`database: ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${searches.toLocaleString('en')} search intents over ${days} days seeded in ${(seedMs / 1000).toFixed(1)} s`);
  console.log(withLoadAverage(`roll-ups: ${rollups.days} days and ${rollups.blocks} blocks of 2–512 days built in ${(rollups.ms / 1000).toFixed(1)} s (the job's first run)`));
  for (const [label, range] of [['last 30 days', ''], ['last 12 months', `from=${yearAgo}&to=${today}`]] as const) {
    for (const [table, path] of [['summary', 'summary'], ['top + rising', 'top'], ['no-results', 'no-results']] as const) {
      for (const filter of ['', 'role=partner']) {
        const query = [range, filter].filter(Boolean).join('&');
        const figures = await time(`${api.baseUrl}/api/Admin/analytics/search/${path}${query ? `?${query}` : ''}`, headers);
        console.log(withLoadAverage(`${table}, ${label}${filter ? `, ${filter}` : ''}: ${figures} (${runs} calls)`));
      }
    }
  }
} finally {
  await api.stop();
  await rm(target.dataDir, { recursive: true, force: true });
}
