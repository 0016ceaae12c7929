import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * Roll-ups of search intents for the dashboard (search-analytics-rollups.ts): the additive figures per query of
 * aligned blocks of 1, 2, 4, … 512 days, so that any period is answered from a few dozen blocks instead of every
 * intent. `search_intent_rollup_blocks` lists the blocks whose figures are complete; a trigger removes every block
 * holding a day whose intents change (a late event, an erasure), and the dashboard reads such days from the intents
 * until the roll-up job builds them again. Distinct readers are not additive: they are counted over narrow indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  let rollups = db.schema
    .createTable('search_intent_rollups')
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('fromDay', 'text', (c) => c.notNull())
    .addColumn('queryKey', 'text', (c) => c.notNull());
  for (const column of rollupCountColumns) rollups = rollups.addColumn(column, 'integer', (c) => c.notNull());
  await rollups
    .addColumn('noResultLastAt', 'text')
    .addColumn('noResultFacets', 'text')
    .addPrimaryKeyConstraint('search_intent_rollups_pk', ['span', 'fromDay', 'queryKey'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema
    .createTable('search_intent_rollup_blocks')
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('fromDay', 'text', (c) => c.notNull())
    .addColumn('toDay', 'text', (c) => c.notNull())
    .addColumn('rolledAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_intent_rollup_blocks_pk', ['span', 'fromDay'])
    .execute();
  await db.schema.createIndex('search_intent_rollup_blocks_to').on('search_intent_rollup_blocks').columns(['toDay', 'fromDay']).execute();
  // Distinct readers of a period, and of one query (all its intents, or those without a result), from indexes alone.
  await db.schema.createIndex('search_intents_day_user').on('search_intents').columns(['day', 'userKey']).execute();
  await db.schema.dropIndex('search_intents_query_day').execute();
  await db.schema.createIndex('search_intents_query_day').on('search_intents').columns(['queryKey', 'day', 'resultCount', 'userKey']).execute();

  if (sqlite) {
    // A complete block of any size holding the day implies the day's own complete block (blocks are built from
    // complete halves and removed together): one key lookup per row, and the delete only for a day's first change.
    const rolled = (day: string) => sql.raw(`exists (select 1 from search_intent_rollup_blocks where span = 1 and "fromDay" = ${day})`);
    const unroll = (day: string) => sql.raw(`delete from search_intent_rollup_blocks where "toDay" >= ${day} and "fromDay" <= ${day};`);
    await sql`create trigger search_intents_unroll_insert after insert on search_intents when ${rolled('new.day')} begin ${unroll('new.day')} end`.execute(db);
    await sql`create trigger search_intents_unroll_update after update on search_intents when ${rolled('old.day')} or ${rolled('new.day')}
      begin ${unroll('old.day')} ${unroll('new.day')} end`.execute(db);
    await sql`create trigger search_intents_unroll_delete after delete on search_intents when ${rolled('old.day')} begin ${unroll('old.day')} end`.execute(db);
    return;
  }
  // PostgreSQL: once per statement, over the days it touched (a seed or a retention run touches millions of rows).
  await sql`
    create function search_intents_unroll() returns trigger language plpgsql as $$
    begin
      delete from search_intent_rollup_blocks as block using (select distinct day from changed) as touched
        where block."toDay" >= touched.day and block."fromDay" <= touched.day;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_intents_unroll_insert after insert on search_intents referencing new table as changed for each statement execute function search_intents_unroll()`.execute(db);
  await sql`create trigger search_intents_unroll_update after update on search_intents referencing new table as changed for each statement execute function search_intents_unroll()`.execute(db);
  await sql`create trigger search_intents_unroll_delete after delete on search_intents referencing old table as changed for each statement execute function search_intents_unroll()`.execute(db);
}

/** The additive figures of a roll-up row (kept in step with search-analytics-rollups.repository.ts). */
export const rollupCountColumns = [
  'searches',
  'noResults',
  'nothingExists',
  'hiddenByAccess',
  'otherLanguage',
  'withResults',
  'clicked',
  'bounced',
  'converted',
  'downloaded',
  'refined',
  'opens',
  'positionSum',
  'noResultNothingExists',
  'noResultHiddenByAccess',
  'noResultOtherLanguage',
] as const;
