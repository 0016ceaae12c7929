import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * The dashboard's summary with one filter (search-analytics-rollups.ts):
 * - `search_intent_dimension_rollups` also holds, for every rolled-up day (span 1), the figures of all its queries
 *   (`queryKey` '') per value of the locale, roles and products columns; they are filled here for the days already
 *   rolled up, so no block is built again.
 * - `search_intent_reader_values`: each reader's latest day with an intent holding a value (as stored) of the locale,
 *   roles or products column, so the distinct readers of a filtered period reaching the latest day are counted over
 *   one filter column's entries. Triggers keep it: an insert raises the latest day; an update that changes an
 *   intent's values raises the new ones' and recounts the old ones' from the reader's intents (exact).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  for (const dimension of dimensions) {
    const column = sql.ref(dimension);
    await sql`insert into search_intent_dimension_rollups (span, "fromDay", dimension, value, "queryKey", ${sql.raw(countColumns.map(([name]) => `"${name}"`).join(', '))}, "noResultLastAt", "noResultFacets")
      select 1, day, ${dimension}, ${column}, '', ${sql.raw(countColumns.map(([, expression]) => expression).join(', '))}, null, null
      from search_intents where day in (select "fromDay" from search_intent_rollup_blocks where span = 1) and ${column} is not null and ${column} <> ''
      group by day, ${column}`.execute(db);
  }

  await db.schema
    .createTable('search_intent_reader_values')
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('userKey', 'text', (c) => c.notNull())
    .addColumn('lastDay', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_intent_reader_values_pk', ['dimension', 'value', 'userKey'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // The readers of a filter are counted from this index alone (PostgreSQL: index-only); retention and erasure use the others.
  await db.schema.createIndex('search_intent_reader_values_read').on('search_intent_reader_values').columns(['dimension', 'value', 'lastDay', 'userKey']).execute();
  await db.schema.createIndex('search_intent_reader_values_last').on('search_intent_reader_values').columns(['lastDay']).execute();
  await db.schema.createIndex('search_intent_reader_values_user').on('search_intent_reader_values').columns(['userKey']).execute();
  for (const dimension of dimensions) {
    const column = sql.ref(dimension);
    await sql`insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
      select ${dimension}, ${column}, "userKey", max(day) from search_intents where ${column} is not null and ${column} <> '' group by ${column}, "userKey"`.execute(db);
  }
  await (sqlite ? sqliteTriggers(db) : postgresTriggers(db));
}

const dimensions = ['locale', 'roles', 'products'] as const;
const upsertLatest = sql.raw(`on conflict (dimension, value, "userKey") do update set "lastDay" = excluded."lastDay"
  where excluded."lastDay" > search_intent_reader_values."lastDay"`);
/** An intent's column of the dimension named by `dimension` (an expression). */
const columnOf = (intent: string, dimension: string) =>
  `case ${dimension} ${dimensions.map((name) => `when '${name}' then ${intent}."${name}"`).join(' ')} end`;
/** The reader's latest day with an intent holding the value (null: none). */
const latestDayOf = (userKey: string, dimension: string, value: string) =>
  `(select max(held.day) from search_intents as held where held."userKey" = ${userKey} and ${columnOf('held', dimension)} = ${value})`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  /** The dimensions with the row's value, and (for an update) the value before. */
  const values = (row: string, before = row) => `(${dimensions.map((name) => `select '${name}' as dimension, ${row}."${name}" as value, ${before}."${name}" as previous`).join(' union all ')})`;
  await sql`create trigger search_intents_reader_values_insert after insert on search_intents begin
    insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
      select dimension, value, new."userKey", new.day from ${sql.raw(values('new'))} where value is not null and value <> '' ${upsertLatest};
    end`.execute(db);
  // Values the intent no longer holds: their entries of its day are removed, then counted again from the reader's intents.
  const moved = values('new', 'old');
  await sql`create trigger search_intents_reader_values_update after update of locale, roles, products on search_intents
    when old.locale is not new.locale or old.roles is not new.roles or old.products is not new.products begin
    insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
      select dimension, value, new."userKey", new.day from ${sql.raw(moved)} where value is not previous and value is not null and value <> '' ${upsertLatest};
    delete from search_intent_reader_values where "userKey" = old."userKey" and "lastDay" = old.day
      and (dimension, value) in (select dimension, previous from ${sql.raw(moved)} where value is not previous);
    insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
      select dimension, previous, old."userKey", "lastDay" from (
        select altered.dimension, altered.previous, ${sql.raw(latestDayOf('old."userKey"', 'altered.dimension', 'altered.previous'))} as "lastDay" from ${sql.raw(moved)} as altered
        where altered.value is not altered.previous and altered.previous is not null and altered.previous <> ''
          and not exists (select 1 from search_intent_reader_values as kept where kept.dimension = altered.dimension and kept.value = altered.previous and kept."userKey" = old."userKey")
      ) where "lastDay" is not null on conflict do nothing;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const valuesOf = (row: string) => `(values ${dimensions.map((name) => `('${name}', ${row}."${name}")`).join(', ')}) as held(dimension, value)`;
  await sql`
    create function search_intents_reader_values_insert() returns trigger language plpgsql as $$
    begin
      insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
        select held.dimension, held.value, added."userKey", max(added.day) from added cross join lateral ${sql.raw(valuesOf('added'))}
        where held.value is not null and held.value <> '' group by held.dimension, held.value, added."userKey"
        ${upsertLatest};
      return null;
    end $$`.execute(db);
  await sql`create trigger search_intents_reader_values_insert after insert on search_intents referencing new table as added for each statement execute function search_intents_reader_values_insert()`.execute(db);
  // The values each updated intent changed: (dimension, value now, value before).
  const moved = `select after_rows."userKey", after_rows.day, moved.dimension, moved.value, moved.previous from before_rows join after_rows on after_rows.id = before_rows.id
    cross join lateral (values ${dimensions.map((name) => `('${name}', after_rows."${name}", before_rows."${name}")`).join(', ')}) as moved(dimension, value, previous)
    where moved.value is distinct from moved.previous`;
  await sql`
    create function search_intents_reader_values_update() returns trigger language plpgsql as $$
    begin
      insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
        select dimension, value, "userKey", max(day) from (${sql.raw(moved)}) as changed where value is not null and value <> '' group by dimension, value, "userKey"
        ${upsertLatest};
      delete from search_intent_reader_values as entry using (${sql.raw(moved)}) as changed
        where entry."userKey" = changed."userKey" and entry.dimension = changed.dimension and entry.value = changed.previous and entry."lastDay" = changed.day;
      insert into search_intent_reader_values (dimension, value, "userKey", "lastDay")
        select dimension, previous, "userKey", "lastDay" from (
          select dimension, previous, "userKey", ${sql.raw(latestDayOf('gone."userKey"', 'gone.dimension', 'gone.previous'))} as "lastDay"
          from (select distinct dimension, previous, "userKey" from (${sql.raw(moved)}) as changed where previous is not null and previous <> '') as gone
          where not exists (select 1 from search_intent_reader_values as kept where kept.dimension = gone.dimension and kept.value = gone.previous and kept."userKey" = gone."userKey")
        ) as recounted where "lastDay" is not null
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_intents_reader_values_update after update on search_intents referencing old table as before_rows new table as after_rows
    for each statement execute function search_intents_reader_values_update()`.execute(db);
}

const countWhen = (condition: string) => `coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
/** The additive figures of a roll-up row and how intents give them (as in search-analytics-rollups.repository.ts). */
const countColumns: Array<[string, string]> = [
  ['searches', 'count(*)'],
  ['noResults', countWhen(`"resultCount" = 0`)],
  ['nothingExists', countWhen(`"noResultReason" = 'nothingExists'`)],
  ['hiddenByAccess', countWhen(`"noResultReason" = 'hiddenByAccess'`)],
  ['otherLanguage', countWhen(`"noResultReason" = 'otherLanguage'`)],
  ['withResults', countWhen(`"resultCount" > 0`)],
  ['clicked', countWhen(`"resultCount" > 0 and opens > 0`)],
  ['bounced', countWhen(`"resultCount" > 0 and opens = 0 and downloads = 0 and refined = 0`)],
  ['converted', countWhen(`(opens > 0 or downloads > 0)`)],
  ['downloaded', countWhen(`downloads > 0`)],
  ['refined', countWhen(`refined = 1`)],
  ['opens', 'coalesce(sum(opens), 0)'],
  ['positionSum', 'coalesce(sum("openPositionSum"), 0)'],
  ['noResultNothingExists', countWhen(`"resultCount" = 0 and "noResultReason" = 'nothingExists'`)],
  ['noResultHiddenByAccess', countWhen(`"resultCount" = 0 and "noResultReason" = 'hiddenByAccess'`)],
  ['noResultOtherLanguage', countWhen(`"resultCount" = 0 and "noResultReason" = 'otherLanguage'`)],
];
