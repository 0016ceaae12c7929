import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { rollupCountColumns } from './2026-11-30-10-search-intent-rollups.ts';

/*
 * Search analytics for the filtered dashboard and its distinct readers (search-analytics-rollups.ts):
 * - `search_intent_dimension_rollups`: the roll-ups of 2026-11-30-10 split by one filter column (`dimension`: locale,
 *   roles or products) and its value as stored (a locale, or a `,a,b,` list), built by the same job in the same
 *   blocks (of 2 days or more); the blocks are emptied here, so the job builds them again with these rows.
 * - `search_intent_readers`: each reader's latest day with an intent, kept by a trigger on insert (an intent's reader
 *   and day never change), so the readers of a period reaching the latest day are one range of an index.
 * - the (queryKey, day, …) index carries the filter columns, so a filtered table's readers per query come from it alone;
 *   an (account, day) index serves the tables of one account (a small share of the searches) from the intents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  let rollups = db.schema
    .createTable('search_intent_dimension_rollups')
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('fromDay', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('queryKey', 'text', (c) => c.notNull());
  for (const column of rollupCountColumns) rollups = rollups.addColumn(column, 'integer', (c) => c.notNull());
  await rollups
    .addColumn('noResultLastAt', 'text')
    .addColumn('noResultFacets', 'text')
    .addPrimaryKeyConstraint('search_intent_dimension_rollups_pk', ['span', 'fromDay', 'dimension', 'value', 'queryKey'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.deleteFrom('search_intent_rollup_blocks').execute();
  await db.deleteFrom('search_intent_rollups').execute();

  await db.schema
    .createTable('search_intent_readers')
    .addColumn('userKey', 'text', (c) => c.primaryKey())
    .addColumn('lastDay', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_intent_readers_last').on('search_intent_readers').columns(['lastDay']).execute();
  await sql`insert into search_intent_readers ("userKey", "lastDay") select "userKey", max(day) from search_intents group by "userKey"`.execute(db);
  if (sqlite) {
    await sql`create trigger search_intents_reader_insert after insert on search_intents begin
      insert into search_intent_readers ("userKey", "lastDay") values (new."userKey", new.day)
        on conflict ("userKey") do update set "lastDay" = excluded."lastDay" where excluded."lastDay" > search_intent_readers."lastDay";
      end`.execute(db);
  } else {
    await sql`
      create function search_intents_reader() returns trigger language plpgsql as $$
      begin
        insert into search_intent_readers ("userKey", "lastDay") select "userKey", max(day) from changed group by "userKey"
          on conflict ("userKey") do update set "lastDay" = excluded."lastDay" where excluded."lastDay" > search_intent_readers."lastDay";
        return null;
      end $$`.execute(db);
    await sql`create trigger search_intents_reader_insert after insert on search_intents referencing new table as changed for each statement execute function search_intents_reader()`.execute(db);
  }

  await db.schema.dropIndex('search_intents_query_day').execute();
  await db.schema
    .createIndex('search_intents_query_day')
    .on('search_intents')
    .columns(['queryKey', 'day', 'resultCount', 'userKey', 'locale', 'roles', 'account', 'products'])
    .execute();
  await db.schema.createIndex('search_intents_account_day').on('search_intents').columns(['account', 'day']).execute();
}

