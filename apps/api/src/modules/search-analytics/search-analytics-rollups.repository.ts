import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { dialectOf } from '../../platform/db/dialect.ts';
import { dimensionCondition, filterCondition, type IntentFilter } from './search-analytics.repository.ts';
import type { IntentDimension, SearchIntentRollupsTable } from './search-analytics.tables.ts';

/** An aligned block of `span` days from `fromDay`. */
export interface Block {
  span: number;
  fromDay: string;
}
/** Days (inclusive) read from the intents themselves. */
export interface DayRange {
  fromDay: string;
  toDay: string;
}
/** The intents a table counts: all, or those whose one filter column matches the value (a dimension roll-up). */
export interface Slice {
  dimension?: [RolledDimension, string];
}
/**
 * The filter columns each block of `dimensionMinSpan` days or more is also split by. Single days would hold about a
 * row per two intents (a query searched once a day in one locale), so a table reads at most a day at each edge, and
 * today, from the intents; single days hold the figures of all queries together ('') per value only, which the
 * filtered summary and its series read. Accounts are not split: each holds a small share of the searches, read
 * through the (account, day) index.
 */
export type RolledDimension = Exclude<IntentDimension, 'account'>;
const dimensions: RolledDimension[] = ['locale', 'roles', 'products'];
export const dimensionMinSpan = 2;

/** Where a period's figures come from: complete roll-up blocks, and the days not (or no longer) rolled up. */
export interface Cover {
  blocks: Block[];
  raw: DayRange[];
}

const postgres = (db: Kysely<Database>) => dialectOf(db as unknown as Kysely<unknown>) === 'postgres';

const countWhen = (condition: string) => `coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** How each additive figure of a roll-up row is computed from intents (the dashboard's definitions, search-analytics.repository.ts). */
const intentAggregates = {
  searches: 'count(*)',
  noResults: countWhen(`"resultCount" = 0`),
  nothingExists: countWhen(`"noResultReason" = 'nothingExists'`),
  hiddenByAccess: countWhen(`"noResultReason" = 'hiddenByAccess'`),
  otherLanguage: countWhen(`"noResultReason" = 'otherLanguage'`),
  withResults: countWhen(`"resultCount" > 0`),
  clicked: countWhen(`"resultCount" > 0 and opens > 0`),
  bounced: countWhen(`"resultCount" > 0 and opens = 0 and downloads = 0 and refined = 0`),
  converted: countWhen(`(opens > 0 or downloads > 0)`),
  downloaded: countWhen(`downloads > 0`),
  refined: countWhen(`refined = 1`),
  opens: 'coalesce(sum(opens), 0)',
  positionSum: 'coalesce(sum("openPositionSum"), 0)',
  noResultNothingExists: countWhen(`"resultCount" = 0 and "noResultReason" = 'nothingExists'`),
  noResultHiddenByAccess: countWhen(`"resultCount" = 0 and "noResultReason" = 'hiddenByAccess'`),
  noResultOtherLanguage: countWhen(`"resultCount" = 0 and "noResultReason" = 'otherLanguage'`),
} satisfies Partial<Record<keyof SearchIntentRollupsTable, string>>;

type Counted = keyof typeof intentAggregates;
const counted = Object.keys(intentAggregates) as Counted[];
const quoted = (name: string) => `"${name}"`;
const columnsWith = (keys: string[]) => sql.raw([...keys, ...counted.map(quoted), '"noResultLastAt"', '"noResultFacets"'].join(', '));
const columnList = columnsWith(['span', '"fromDay"', '"queryKey"']);
const dimensionColumnList = columnsWith(['span', '"fromDay"', 'dimension', 'value', '"queryKey"']);
const aggregateList = sql.raw(counted.map((name) => intentAggregates[name]).join(', '));
const sumList = sql.raw(counted.map((name) => `sum(${quoted(name)})`).join(', '));

/**
 * The intents' query as an expression, not the column: SQLite then reads the days along the table's day order, where
 * grouping by the column would walk the (queryKey, …) index across every query ever stored.
 */
const intentQuery = sql.raw(`"queryKey" || ''`);

/*
 * The facets of the latest row of a group: PostgreSQL orders an array; SQLite takes a bare column from the row of
 * the group's only max() (documented SQLite behaviour), so these queries must hold no other min() or max().
 */
const latestIntentFacets = (db: Kysely<Database>) =>
  postgres(db) ? sql.raw(`(array_agg(facets order by "lastAt" desc) filter (where "resultCount" = 0))[1]`) : sql.raw('facets');
const latestRolledFacets = (db: Kysely<Database>) =>
  postgres(db) ? sql.raw(`(array_agg("noResultFacets" order by "noResultLastAt" desc nulls last))[1]`) : sql.raw('"noResultFacets"');

/**
 * Writes a block in one transaction that no change to the intents can overlap: PostgreSQL waits for the writers in
 * flight and holds new ones back until it commits (a share lock); SQLite's first statement is a write, which takes
 * its only write lock. A writer after the commit removes the block again (the trigger).
 */
async function inBlockTransaction(db: Kysely<Database>, block: Block, work: (trx: Kysely<Database>) => Promise<boolean>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (postgres(trx)) await sql`lock table search_intents in share mode`.execute(trx);
    await trx.deleteFrom('search_intent_rollups').where('span', '=', block.span).where('fromDay', '=', block.fromDay).execute();
    await trx.deleteFrom('search_intent_dimension_rollups').where('span', '=', block.span).where('fromDay', '=', block.fromDay).execute();
    return work(trx);
  });
}

async function markComplete(trx: Kysely<Database>, block: Block & { toDay: string }, rolledAt: string): Promise<void> {
  await trx
    .insertInto('search_intent_rollup_blocks')
    .values({ ...block, rolledAt })
    .onConflict((conflict) => conflict.columns(['span', 'fromDay']).doUpdateSet({ toDay: block.toDay, rolledAt }))
    .execute();
}

/** Rolls one day up from its intents, per query and for all queries (''), and marks it complete. */
export async function rollUpDay(db: Kysely<Database>, day: string, rolledAt: string): Promise<void> {
  await inBlockTransaction(db, { span: 1, fromDay: day }, async (trx) => {
    await sql`insert into search_intent_rollups (${columnList})
      select 1, ${day}, ${intentQuery}, ${aggregateList}, max(case when "resultCount" = 0 then "lastAt" end), ${latestIntentFacets(trx)}
      from search_intents where day = ${day} group by ${intentQuery}`.execute(trx);
    await sql`insert into search_intent_rollups (${columnList})
      select 1, ${day}, '', ${aggregateList}, null, null from search_intents where day = ${day} having count(*) > 0`.execute(trx);
    for (const dimension of dimensions) {
      const column = sql.ref(dimension);
      await sql`insert into search_intent_dimension_rollups (${dimensionColumnList})
        select 1, ${day}, ${dimension}, ${column}, '', ${aggregateList}, null, null
        from search_intents where day = ${day} and ${column} is not null and ${column} <> '' group by ${column}`.execute(trx);
    }
    await markComplete(trx, { span: 1, fromDay: day, toDay: day }, rolledAt);
    return true;
  });
}

/** Rolls a block up from its two complete halves; false (nothing written) when a half is no longer complete. */
export async function rollUpBlock(db: Kysely<Database>, block: Block & { toDay: string }, halves: [Block, Block], rolledAt: string): Promise<boolean> {
  return inBlockTransaction(db, block, async (trx) => {
    const complete = await trx
      .selectFrom('search_intent_rollup_blocks')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('span', '=', halves[0].span)
      .where('fromDay', 'in', halves.map((half) => half.fromDay))
      .executeTakeFirstOrThrow();
    if (Number(complete.count) < 2) return false;
    await sql`insert into search_intent_rollups (${columnList})
      select ${block.span}, ${block.fromDay}, "queryKey", ${sumList}, max("noResultLastAt"), ${latestRolledFacets(trx)}
      from search_intent_rollups where span = ${halves[0].span} and "fromDay" in (${halves[0].fromDay}, ${halves[1].fromDay}) group by "queryKey"`.execute(trx);
    await rollUpDimensions(trx, block, halves);
    await markComplete(trx, block, rolledAt);
    return true;
  });
}

/** A block's rows per query and filter value: the first size from the intents of its days, larger ones from their halves. */
async function rollUpDimensions(trx: Kysely<Database>, block: Block & { toDay: string }, halves: [Block, Block]): Promise<void> {
  if (block.span < dimensionMinSpan) return;
  if (block.span > dimensionMinSpan) {
    await sql`insert into search_intent_dimension_rollups (${dimensionColumnList})
      select ${block.span}, ${block.fromDay}, dimension, value, "queryKey", ${sumList}, max("noResultLastAt"), ${latestRolledFacets(trx)}
      from search_intent_dimension_rollups where span = ${halves[0].span} and "fromDay" in (${halves[0].fromDay}, ${halves[1].fromDay})
      group by dimension, value, "queryKey"`.execute(trx);
    return;
  }
  for (const dimension of dimensions) {
    const column = sql.ref(dimension);
    await sql`insert into search_intent_dimension_rollups (${dimensionColumnList})
      select ${block.span}, ${block.fromDay}, ${dimension}, ${column}, ${intentQuery}, ${aggregateList}, max(case when "resultCount" = 0 then "lastAt" end), ${latestIntentFacets(trx)}
      from search_intents where day >= ${block.fromDay} and day <= ${block.toDay} and ${column} is not null and ${column} <> ''
      group by ${column}, ${intentQuery}`.execute(trx);
  }
}

/** The complete blocks lying within the days (all of them when no days are given). */
export async function completeBlocks(db: Kysely<Database>, within?: DayRange): Promise<Block[]> {
  let query = db.selectFrom('search_intent_rollup_blocks').select(['span', 'fromDay']);
  if (within) query = query.where('fromDay', '>=', within.fromDay).where('toDay', '<=', within.toDay);
  return query.execute();
}

/** The first day holding intents, if any. */
export async function earliestIntentDay(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('search_intents').select((eb) => eb.fn.min('day').as('day')).executeTakeFirst();
  return row?.day ?? undefined;
}

/** The latest day holding intents, if any. */
export async function latestIntentDay(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('search_intents').select((eb) => eb.fn.max('day').as('day')).executeTakeFirst();
  return row?.day ?? undefined;
}

/** Deletes the roll-ups of blocks that start before `day`, and the readers' entries whose latest intent was before it (the retention; their days' intents are gone). */
export async function deleteRollupsBefore(db: Kysely<Database>, day: string): Promise<void> {
  await db.deleteFrom('search_intent_rollup_blocks').where('fromDay', '<', day).execute();
  await db.deleteFrom('search_intent_rollups').where('fromDay', '<', day).execute();
  await db.deleteFrom('search_intent_dimension_rollups').where('fromDay', '<', day).execute();
  await db.deleteFrom('search_intent_readers').where('lastDay', '<', day).execute();
  await db.deleteFrom('search_intent_reader_values').where('lastDay', '<', day).execute();
}

// ---- Reads: every one a single statement over complete blocks and the intents of the other days ----

const either = (conditions: RawBuilder<unknown>[]) => (conditions.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(conditions, sql` or `)})`);
const inBlocks = (blocks: Block[]) => either(blocks.map((block) => sql`(span = ${block.span} and "fromDay" = ${block.fromDay})`));
const onDays = (column: 'day' | 'fromDay', ranges: DayRange[]) => either(ranges.map((range) => sql`(${sql.ref(column)} >= ${range.fromDay} and ${sql.ref(column)} <= ${range.toDay})`));

/** The roll-up rows and the intents of the slice (conditions besides blocks and days). */
function sliceSources(db: Kysely<Database>, slice: Slice) {
  if (!slice.dimension) return { rollups: sql.raw('search_intent_rollups where "queryKey" <> \'\''), intents: sql<boolean>`1 = 1` };
  const [dimension, value] = slice.dimension;
  return {
    rollups: sql`search_intent_dimension_rollups where dimension = ${dimension} and "queryKey" <> '' and ${dimensionCondition(db, dimension, value, 'value')}`,
    intents: dimensionCondition(db, dimension, value),
  };
}

type Row = Record<string, number | string | null>;
const numberOf = (row: Row | undefined, name: string) => Number(row?.[name] ?? 0);
const countsOf = (row: Row | undefined) => Object.fromEntries(counted.map((name) => [name, numberOf(row, name)])) as Record<Counted, number>;

/** Each additive figure summed over the rows. */
export function summedCounts(rows: Array<Record<Counted, number>>): Record<Counted, number> {
  const total = countsOf(undefined);
  for (const row of rows) for (const name of counted) total[name] += row[name];
  return total;
}

/** The additive figures of all queries over the cover. */
export async function rolledTotals(db: Kysely<Database>, cover: Cover): Promise<Record<Counted, number>> {
  const { rows } = await sql<Row>`select ${sql.raw(counted.map((name) => `sum(${quoted(name)}) as ${quoted(name)}`).join(', '))} from (
      select ${sql.raw(counted.map(quoted).join(', '))} from search_intent_rollups where "queryKey" = '' and ${inBlocks(cover.blocks)}
      union all
      select ${sql.raw(counted.map((name) => `${intentAggregates[name]} as ${quoted(name)}`).join(', '))} from search_intents where ${onDays('day', cover.raw)}
    ) as parts`.execute(db);
  return countsOf(rows[0]);
}

/**
 * The additive figures of each day of the range whose `dimension` column matches the value: the rolled-up days (all
 * but `raw`) from their rows of all queries per value, the others from the intents. Days without any left out.
 */
export async function rolledDimensionDays(db: Kysely<Database>, range: DayRange, raw: DayRange[], dimension: RolledDimension, value: string) {
  const { rows } = await sql<Row & { day: string }>`select day, ${sql.raw(counted.map((name) => `sum(${quoted(name)}) as ${quoted(name)}`).join(', '))} from (
      select "fromDay" as day, ${sql.raw(counted.map(quoted).join(', '))} from search_intent_dimension_rollups
        where span = 1 and "fromDay" >= ${range.fromDay} and "fromDay" <= ${range.toDay} and not (${onDays('fromDay', raw)})
          and dimension = ${dimension} and "queryKey" = '' and ${dimensionCondition(db, dimension, value, 'value')}
      union all
      select day, ${aggregateList} from search_intents where ${onDays('day', raw)} and ${dimensionCondition(db, dimension, value)} group by day
    ) as parts group by day`.execute(db);
  return rows.map((row) => ({ day: row.day, ...countsOf(row) }));
}

/** Searches and no-result searches per day: the rolled days from their day rows (one key each), the others from the intents. */
export async function rolledSearchesPerDay(db: Kysely<Database>, rolledDays: string[], rawDays: DayRange[]) {
  const rolled = rolledDays.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`"fromDay" in (${sql.join(rolledDays)})`;
  const { rows } = await sql<{ day: string; searches: number | string; noResults: number | string }>`
    select "fromDay" as day, searches, "noResults" from search_intent_rollups where span = 1 and "queryKey" = '' and ${rolled}
    union all
    select day, count(*), ${sql.raw(intentAggregates.noResults)} from search_intents where ${onDays('day', rawDays)} group by day`.execute(db);
  return rows.map((row) => ({ day: row.day, searches: Number(row.searches), noResults: Number(row.noResults) }));
}

/** The most searched queries over the cover, with their additive figures. */
export async function rolledTopQueries(db: Kysely<Database>, cover: Cover, slice: Slice, limit: number) {
  const sources = sliceSources(db, slice);
  const { rows } = await sql<Row & { queryKey: string }>`select "queryKey", ${sql.raw(counted.map((name) => `sum(${quoted(name)}) as ${quoted(name)}`).join(', '))} from (
      select "queryKey", ${sql.raw(counted.map(quoted).join(', '))} from ${sources.rollups} and ${inBlocks(cover.blocks)}
      union all
      select ${intentQuery}, ${aggregateList} from search_intents where ${onDays('day', cover.raw)} and ${sources.intents} group by ${intentQuery}
    ) as parts group by "queryKey" order by sum(searches) desc, "queryKey" limit ${limit}`.execute(db);
  return rows.map((row) => ({ queryKey: row.queryKey, ...countsOf(row) }));
}

/** Queries searched more over `current` than over `previous` (the days just before `fromDay`), most growth first. */
export async function rolledRisingQueries(db: Kysely<Database>, previous: Cover, current: Cover, fromDay: string, slice: Slice, limit: number) {
  const sources = sliceSources(db, slice);
  const blocks = [...previous.blocks, ...current.blocks];
  const raw = [...previous.raw, ...current.raw];
  const { rows } = await sql<{ queryKey: string; searches: number | string; previousSearches: number | string }>`
    select "queryKey", sum("inPeriod") as searches, sum("beforePeriod") as "previousSearches" from (
      select "queryKey", case when "fromDay" >= ${fromDay} then searches else 0 end as "inPeriod", case when "fromDay" < ${fromDay} then searches else 0 end as "beforePeriod"
        from ${sources.rollups} and ${inBlocks(blocks)}
      union all
      select ${intentQuery}, sum(case when day >= ${fromDay} then 1 else 0 end), sum(case when day < ${fromDay} then 1 else 0 end)
        from search_intents where ${onDays('day', raw)} and ${sources.intents} group by ${intentQuery}
    ) as parts group by "queryKey" having sum("inPeriod") > sum("beforePeriod")
    order by sum("inPeriod") - sum("beforePeriod") desc, sum("inPeriod") desc, "queryKey" limit ${limit}`.execute(db);
  return rows.map((row) => ({ queryKey: row.queryKey, searches: Number(row.searches), previousSearches: Number(row.previousSearches) }));
}

/** The queries most often searched without a result over the cover: why, when last and with which facets. */
export async function rolledNoResultQueries(db: Kysely<Database>, cover: Cover, slice: Slice, limit: number) {
  const sources = sliceSources(db, slice);
  const { rows } = await sql<Row & { queryKey: string; lastAt: string; facets: string | null }>`
    select "queryKey", sum(searches) as searches, sum("nothingExists") as "nothingExists", sum("hiddenByAccess") as "hiddenByAccess",
        sum("otherLanguage") as "otherLanguage", max("lastAt") as "lastAt", ${postgres(db) ? sql.raw(`(array_agg(facets order by "lastAt" desc nulls last))[1]`) : sql.raw('facets')} as facets
    from (
      select "queryKey", "noResults" as searches, "noResultNothingExists" as "nothingExists", "noResultHiddenByAccess" as "hiddenByAccess",
          "noResultOtherLanguage" as "otherLanguage", "noResultLastAt" as "lastAt", "noResultFacets" as facets
        from ${sources.rollups} and "noResults" > 0 and ${inBlocks(cover.blocks)}
      union all
      select ${intentQuery}, count(*), ${sql.raw(intentAggregates.nothingExists)}, ${sql.raw(intentAggregates.hiddenByAccess)}, ${sql.raw(intentAggregates.otherLanguage)},
          max("lastAt"), ${latestIntentFacets(db)}
        from search_intents where "resultCount" = 0 and ${onDays('day', cover.raw)} and ${sources.intents} group by ${intentQuery}
    ) as parts group by "queryKey" order by sum(searches) desc, "queryKey" limit ${limit}`.execute(db);
  return rows.map((row) => ({
    queryKey: row.queryKey,
    searches: numberOf(row, 'searches'),
    reasons: { nothingExists: numberOf(row, 'nothingExists'), hiddenByAccess: numberOf(row, 'hiddenByAccess'), otherLanguage: numberOf(row, 'otherLanguage') },
    lastAt: row.lastAt,
    facets: row.facets ?? undefined,
  }));
}

/**
 * Distinct readers of the days (exact). A period reaching the latest day with intents (the dashboard's usual "up to
 * today") holds every reader whose latest day is in it: one range of the readers' index. Other periods count the
 * (day, userKey) entries of their days.
 */
export async function readersOfDays(db: Kysely<Database>, range: DayRange): Promise<number> {
  const latest = await latestIntentDay(db);
  if (latest === undefined) return 0;
  if (range.toDay >= latest) {
    const row = await db
      .selectFrom('search_intent_readers')
      .select((eb) => eb.fn.countAll<number | string>().as('readers'))
      .where('lastDay', '>=', range.fromDay)
      .executeTakeFirst();
    return Number(row?.readers ?? 0);
  }
  const { rows } = await sql<{ readers: number | string }>`select count(*) as readers from (
      select "userKey" from search_intents where day >= ${range.fromDay} and day <= ${range.toDay} group by "userKey"
    ) as readers`.execute(db);
  return Number(rows[0]?.readers ?? 0);
}

/** The readers' entries of values matching the filter: a locale and its variants as one range of the index, then narrowed. */
function readerValueCondition(db: Kysely<Database>, dimension: RolledDimension, value: string) {
  if (dimension !== 'locale') return dimensionCondition(db, dimension, value, 'value');
  const locale = value.toLowerCase();
  return sql<boolean>`(value >= ${locale} and value < ${`${locale}.`} and ${dimensionCondition(db, dimension, value, 'value')})`;
}

/**
 * Distinct readers of the days with an intent whose `dimension` column matches the value (exact): for a period
 * reaching the latest day with intents, those with an entry of a matching value whose latest day is in it (one
 * filter column's entries); for other periods, the readers of the matching intents of its days. The latest day and
 * the reader are compared as expressions: SQLite would otherwise walk the entries of every column in day or reader
 * order rather than the filter column's.
 */
export async function readersOfValue(db: Kysely<Database>, range: DayRange, dimension: RolledDimension, value: string): Promise<number> {
  const latest = await latestIntentDay(db);
  if (latest === undefined) return 0;
  const { rows } =
    range.toDay >= latest
      ? await sql<{ readers: number | string }>`select count(*) as readers from (
          select "userKey" || '' from search_intent_reader_values where dimension = ${dimension} and ${readerValueCondition(db, dimension, value)}
            and "lastDay" || '' >= ${range.fromDay} group by "userKey" || ''
        ) as readers`.execute(db)
      : await sql<{ readers: number | string }>`select count(*) as readers from (
          select "userKey" from search_intents where day >= ${range.fromDay} and day <= ${range.toDay} and ${dimensionCondition(db, dimension, value)} group by "userKey"
        ) as readers`.execute(db);
  return Number(rows[0]?.readers ?? 0);
}

/** Distinct readers of each query over the filter's days and values, of all its intents or those without a result (the (queryKey, day, resultCount, userKey, filter columns) index alone). */
export async function readersOfQueries(db: Kysely<Database>, filter: IntentFilter, queryKeys: string[], noResultOnly: boolean): Promise<Map<string, number>> {
  if (queryKeys.length === 0) return new Map();
  let query = db
    .selectFrom('search_intents')
    .select(['queryKey', sql<number | string>`count(distinct "userKey")`.as('readers')])
    .where('queryKey', 'in', queryKeys)
    .where('day', '>=', filter.fromDay)
    .where('day', '<=', filter.toDay)
    .where(filterCondition(db, filter));
  if (noResultOnly) query = query.where('resultCount', '=', 0);
  const rows = await query.groupBy('queryKey').execute();
  return new Map(rows.map((row) => [row.queryKey, Number(row.readers)]));
}
