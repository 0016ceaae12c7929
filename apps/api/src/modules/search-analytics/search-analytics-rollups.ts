import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { filterDimensions, type Figures, type IntentFilter } from './search-analytics.repository.ts';
import type { IntentDimension } from './search-analytics.tables.ts';
import {
  completeBlocks,
  earliestIntentDay,
  readersOfDays,
  readersOfQueries,
  readersOfValue,
  rolledDimensionDays,
  summedCounts,
  rolledNoResultQueries,
  rolledRisingQueries,
  rolledSearchesPerDay,
  rolledTopQueries,
  rolledTotals,
  rollUpBlock,
  rollUpDay,
  dimensionMinSpan,
  type Block,
  type Cover,
  type DayRange,
  type RolledDimension,
  type Slice,
} from './search-analytics-rollups.repository.ts';

/*
 * Roll-ups of search intents for the dashboard. Closed days (before today, UTC) are rolled up per query into blocks
 * of 1 day, then pairs of complete blocks into aligned blocks of 2, 4, … 512 days (aligned on 1970-01-01), so any
 * period is covered by at most two blocks of each size: a year reads about twenty blocks, not 365 days of intents.
 * Today, and any day whose intents changed since it was rolled up (a trigger removes its blocks), is read from the
 * intents: a search shows at once. The hourly job rolls such days up again. Blocks of 2 days or more are also rolled
 * up per query and value of the locale, roles and products columns (a locale, a `,a,b,` list as stored), so a table
 * filtered by one of them sums the rows of the values the filter matches, and reads the edge days from the intents.
 * Single days are also rolled up per value of those columns for all queries together: a summary filtered by one of
 * them sums a row per day and value, and reads only the days not rolled up from the intents.
 * Distinct readers are not additive: a period's come from each reader's latest day (periods up to the latest day) or
 * a narrow index, a query's from the (queryKey, day, …) index, a filtered period's from each reader's latest day per
 * value of the filter column (search_intent_reader_values; other periods from the intents). A table or summary
 * filtered by account (each a small share, through the (account, day) index) or by several columns, and one query's
 * detail read the intents.
 */

const dayMs = 86_400_000;
/** Block sizes, largest first: any period (766 days at most) is covered by at most two blocks of each size. */
export const rollupSpans = [512, 256, 128, 64, 32, 16, 8, 4, 2, 1] as const;
const dayNumber = (day: string) => Math.round(Date.parse(day) / dayMs);
const dayOf = (number: number) => new Date(number * dayMs).toISOString().slice(0, 10);
const keyOf = (span: number, day: number) => `${span}:${day}`;

const rolledDimension = (dimension: [IntentDimension, string]): dimension is [RolledDimension, string] => dimension[0] !== 'account';

/** The roll-up rows answering the filter's tables and summary (at most one filter column, not the account; no query); undefined: the intents do. */
export function rolledSlice(filter: IntentFilter): Slice | undefined {
  const [dimension, ...more] = filterDimensions(filter);
  if (more.length > 0 || filter.queryKey !== undefined) return undefined;
  if (!dimension) return {};
  return rolledDimension(dimension) ? { dimension } : undefined;
}

/** The fewest complete blocks covering the days (largest first, as aligned), and the days left to read from intents. */
export function coverDays(complete: Iterable<Block>, range: DayRange): Cover {
  const known = new Set([...complete].map((block) => keyOf(block.span, dayNumber(block.fromDay))));
  const last = dayNumber(range.toDay);
  const cover: Cover = { blocks: [], raw: [] };
  for (let day = dayNumber(range.fromDay); day <= last; ) {
    const span = rollupSpans.find((size) => day % size === 0 && day + size - 1 <= last && known.has(keyOf(size, day)));
    if (span) {
      cover.blocks.push({ span, fromDay: dayOf(day) });
      day += span;
      continue;
    }
    const previous = cover.raw.at(-1);
    if (previous && dayNumber(previous.toDay) === day - 1) previous.toDay = dayOf(day);
    else cover.raw.push({ fromDay: dayOf(day), toDay: dayOf(day) });
    day += 1;
  }
  return cover;
}

/** The complete blocks holding the slice's rows (those split by filter values from `dimensionMinSpan` days). */
const holding = (blocks: Block[], slice: Slice) => (slice.dimension ? blocks.filter((block) => block.span >= dimensionMinSpan) : blocks);

async function coverOf(db: Kysely<Database>, range: DayRange, slice: Slice = {}): Promise<Cover> {
  return coverDays(holding(await completeBlocks(db, range), slice), range);
}

/** The range's days rolled up one by one (blocks of a single day), and the days left to read from the intents. */
async function singleDayCover(db: Kysely<Database>, range: DayRange): Promise<Cover> {
  return coverDays((await completeBlocks(db, range)).filter((block) => block.span === 1), range);
}

/** The filter's figures, as intentFigures answers them. */
export async function rolledIntentFigures(db: Kysely<Database>, filter: IntentFilter): Promise<Figures> {
  const range = { fromDay: filter.fromDay, toDay: filter.toDay };
  const [totals, users] = await Promise.all([coverOf(db, range).then((cover) => rolledTotals(db, cover)), readersOfDays(db, range)]);
  return { ...totals, users };
}

/** The figures and the searches per day of the intents whose one filter column matches, as intentFigures and searchesPerDay answer them. */
export async function rolledDimensionSummary(db: Kysely<Database>, filter: IntentFilter, [dimension, value]: [RolledDimension, string]) {
  const range = { fromDay: filter.fromDay, toDay: filter.toDay };
  const { raw } = await singleDayCover(db, range);
  const [days, users] = await Promise.all([rolledDimensionDays(db, range, raw, dimension, value), readersOfValue(db, range, dimension, value)]);
  return {
    figures: { ...summedCounts(days), users } satisfies Figures,
    days: days.filter((day) => day.searches > 0).map((day) => ({ day: day.day, searches: day.searches, noResults: day.noResults })),
  };
}

/** Searches and no-result searches per day, as searchesPerDay answers them (days without any left out). */
export async function rolledDays(db: Kysely<Database>, filter: IntentFilter) {
  const { blocks, raw } = await singleDayCover(db, { fromDay: filter.fromDay, toDay: filter.toDay });
  return (await rolledSearchesPerDay(db, blocks.map((block) => block.fromDay), raw)).filter((day) => day.searches > 0);
}

/** The most searched queries with their figures, as topQueries answers them. */
export async function rolledTop(db: Kysely<Database>, filter: IntentFilter, slice: Slice, limit: number): Promise<Array<Figures & { queryKey: string }>> {
  const rows = await rolledTopQueries(db, await coverOf(db, filter, slice), slice, limit);
  const readers = await readersOfQueries(db, filter, rows.map((row) => row.queryKey), false);
  return rows.map((row) => ({ ...row, users: readers.get(row.queryKey) ?? 0 }));
}

/** The rising queries, as risingQueries answers them. */
export async function rolledRising(db: Kysely<Database>, filter: IntentFilter, slice: Slice, previousFromDay: string, limit: number) {
  const previousToDay = dayOf(dayNumber(filter.fromDay) - 1);
  const complete = holding(await completeBlocks(db, { fromDay: previousFromDay, toDay: filter.toDay }), slice);
  return rolledRisingQueries(db, coverDays(complete, { fromDay: previousFromDay, toDay: previousToDay }), coverDays(complete, filter), filter.fromDay, slice, limit);
}

/** The queries most often searched without a result, as noResultQueries answers them, with their latest facets. */
export async function rolledNoResults(db: Kysely<Database>, filter: IntentFilter, slice: Slice, limit: number) {
  const rows = await rolledNoResultQueries(db, await coverOf(db, filter, slice), slice, limit);
  const readers = await readersOfQueries(db, filter, rows.map((row) => row.queryKey), true);
  return rows.map((row) => ({ ...row, users: readers.get(row.queryKey) ?? 0 }));
}

/**
 * The roll-up job: every closed day from the first holding intents that is not (or no longer) complete is rolled
 * up, then every block of complete halves (blocks reaching before that day are not built: periods there read smaller ones). Writes one block per transaction, a turn of the event loop between.
 */
export async function rollUpSearchIntents(db: Kysely<Database>, now = new Date()): Promise<{ days: number; blocks: number }> {
  const done = { days: 0, blocks: 0 };
  const earliest = await earliestIntentDay(db);
  const lastClosed = dayNumber(now.toISOString().slice(0, 10)) - 1;
  if (earliest === undefined || dayNumber(earliest) > lastClosed) return done;
  const first = dayNumber(earliest);
  const complete = new Set((await completeBlocks(db)).map((block) => keyOf(block.span, dayNumber(block.fromDay))));
  const rolledAt = now.toISOString();
  for (let day = first; day <= lastClosed; day++) {
    if (complete.has(keyOf(1, day))) continue;
    await rollUpDay(db, dayOf(day), rolledAt);
    complete.add(keyOf(1, day));
    done.days++;
    await nextTurn();
  }
  for (const span of [...rollupSpans].reverse().slice(1)) {
    const half = span / 2;
    for (let day = Math.ceil(first / span) * span; day + span - 1 <= lastClosed; day += span) {
      if (complete.has(keyOf(span, day)) || !complete.has(keyOf(half, day)) || !complete.has(keyOf(half, day + half))) continue;
      const block = { span, fromDay: dayOf(day), toDay: dayOf(day + span - 1) };
      if (await rollUpBlock(db, block, [{ span: half, fromDay: dayOf(day) }, { span: half, fromDay: dayOf(day + half) }], rolledAt)) {
        complete.add(keyOf(span, day));
        done.blocks++;
      }
      await nextTurn();
    }
  }
  return done;
}
