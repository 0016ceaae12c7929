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
 * (`--runs` calls each, p50 and p95) for the last 30 days (the page's default) and for the last 12 months: the summary
 * and the tables, unfiltered and by each filter (a fifth of the searches by partners, a third in French, one account
 * of 300, one product of four). Target: ≤ 500 ms p95.
 *
 *   npx tsx bench/search-analytics.ts [--searches 10000000] [--runs 20] [--data-dir /tmp/portal-bench-search-analytics]
 *     [--database-url postgres://… (a dedicated database: its schema is reset)] [--keep] [--reuse]
 *
 * `--keep` leaves the seeded database in place (`--seed-only`: and stops after the seed); `--reuse` then skips the seed when the database already holds
 * `--searches` intents seeded today (it is migrated to the latest schema, timed: a new migration may fill roll-ups or
 * tables from the intents, or drop roll-ups; then the roll-up job's run, which builds what was dropped, is timed too).
 */

const searches = numberOption('searches', 10_000_000);
const runs = numberOption('runs', 20);
const keep = process.argv.includes('--keep');
const reuse = process.argv.includes('--reuse');
const seedOnly = process.argv.includes('--seed-only');
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

/** Whether the target already holds this run's seed: `searches` intents, the latest on today. */
async function seeded(): Promise<boolean> {
  const handle = openTargetDatabase(target);
  try {
    const { rows } = await sql<{ count: number | string; last: string | null }>`select count(*) as count, max(day) as last from search_intents`.execute(handle.db);
    return Number(rows[0]?.count) === searches && rows[0]?.last === today;
  } catch {
    return false;
  } finally {
    await handle.db.destroy();
  }
}

/** Migrates a reused seed to the latest schema (a new migration may drop roll-ups for the job to build again); the time it took. */
async function migrateReused(): Promise<number> {
  const handle = openTargetDatabase(target);
  try {
    const started = performance.now();
    await migrateToLatest(handle.db);
    return performance.now() - started;
  } finally {
    await handle.db.destroy();
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
    // Intents arrive in time order, so a real table holds a day's intents on few pages; each chunk of the seed spreads
    // every day over all of its pages instead. PostgreSQL rewrites the table in day order (SQLite keeps it so).
    if (target.databaseUrl) await sql`cluster search_intents using search_intents_pk`.execute(handle.db);
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

const reused = reuse && (await seeded());
const migrationMs = reused ? await migrateReused() : 0;
const seedMs = reused ? 0 : await seed();
if (seedOnly) process.exit(0);
const rollups = await rollUp();
const api = await startApi(target.dataDir, targetEnv(target));
try {
  const headers = { authorization: `Bearer ${await (await tokenMinter(target, api.baseUrl))(publisher)}` };
  const yearAgo = new Date(Date.parse(today) - 364 * dayMs).toISOString().slice(0, 10);
  console.log(machineSummary());
  console.log(`database: ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${searches.toLocaleString('en')} search intents over ${days} days ${reused ? 'reused' : `seeded in ${(seedMs / 1000).toFixed(1)} s`}`);
  if (reused) console.log(withLoadAverage(`migrations of the reused seed: ${(migrationMs / 1000).toFixed(1)} s`));
  console.log(withLoadAverage(`roll-ups: ${rollups.days} days and ${rollups.blocks} blocks of 2–512 days built in ${(rollups.ms / 1000).toFixed(1)} s (the job's first run)`));
  for (const [label, range] of [['last 30 days', ''], ['last 12 months', `from=${yearAgo}&to=${today}`]] as const) {
    for (const [table, path] of [['summary', 'summary'], ['top + rising', 'top'], ['no-results', 'no-results']] as const) {
      for (const filter of ['', 'role=partner', 'locale=fr', 'account=ACME-7', 'product=P10']) {
        const query = [range, filter].filter(Boolean).join('&');
        const figures = await time(`${api.baseUrl}/api/Admin/analytics/search/${path}${query ? `?${query}` : ''}`, headers);
        console.log(withLoadAverage(`${table}, ${label}${filter ? `, ${filter}` : ''}: ${figures} (${runs} calls)`));
      }
    }
  }
} finally {
  await api.stop();
  if (!keep) await rm(target.dataDir, { recursive: true, force: true });
}
