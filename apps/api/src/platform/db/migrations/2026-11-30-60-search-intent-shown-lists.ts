import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/*
 * The results a search intent showed, one row per intent (a JSON object of document id → position) instead of a row
 * per result: recording a search wrote its intent and 24 result rows, each with its index entries. An open is
 * matched to the reader's few intents of the last hour, whose lists are read whole, so no index by document is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_intent_shown')
    .addColumn('intentId', 'text', (c) => c.primaryKey())
    .addColumn('documents', 'text', (c) => c.notNull())
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .execute();
  const listOf = dialectOf(db) === 'postgres' ? sql`json_object_agg("documentId", "position")::text` : sql`json_group_object("documentId", "position")`;
  await sql`
    INSERT INTO search_intent_shown ("intentId", documents, "lastAt")
    SELECT "intentId", ${listOf}, max("lastAt") FROM search_intent_results GROUP BY "intentId"`.execute(db);
  await db.schema.dropTable('search_intent_results').execute();
  await db.schema.createIndex('search_intent_shown_last').on('search_intent_shown').column('lastAt').execute();
}
