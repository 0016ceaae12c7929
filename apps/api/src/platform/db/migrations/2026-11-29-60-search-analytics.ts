import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * Search analytics: search intents (keystrokes and pages of one query collapsed), the results they showed, and
 * the opens and downloads that followed. The dashboard reads intents by ranges of days: on SQLite the table is kept
 * in day order (WITHOUT ROWID, keyed by day and id), so a period is read in one sequential run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('search_intents')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('userKey', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('startedAt', 'text', (c) => c.notNull())
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('queryKey', 'text', (c) => c.notNull())
    .addColumn('facets', 'text', (c) => c.notNull())
    .addColumn('products', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('locale', 'text')
    .addColumn('resultCount', 'integer', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('noResultReason', 'text')
    .addColumn('hiddenMatches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('openPositionSum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refined', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_intents_pk', ['day', 'id'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema.createIndex('search_intents_id').on('search_intents').column('id').unique().execute();
  await db.schema.createIndex('search_intents_query_day').on('search_intents').columns(['queryKey', 'day']).execute();
  await db.schema.createIndex('search_intents_user_last').on('search_intents').columns(['userKey', 'lastAt']).execute();
  await db.schema
    .createTable('search_intent_results')
    .addColumn('intentId', 'text', (c) => c.notNull())
    .addColumn('documentId', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_intent_results_pk', ['intentId', 'documentId'])
    .execute();
  await db.schema.createIndex('search_intent_results_last').on('search_intent_results').column('lastAt').execute();
  await db.schema
    .createTable('search_intent_actions')
    .addColumn('intentId', 'text', (c) => c.notNull())
    .addColumn('documentId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_intent_actions_intent').on('search_intent_actions').column('intentId').execute();
}
