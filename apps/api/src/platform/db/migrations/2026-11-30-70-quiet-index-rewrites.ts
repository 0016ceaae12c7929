import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { contentCommitChannel } from './2026-11-24-99c-postgres-search-catalog.ts';

/*
 * PostgreSQL: a transaction that only rewrites index rows (a batch of the full re-index) may mute the notice of its
 * commit (`portal.index_rewrite_only`, set for that transaction alone): every process rebuilt its search catalog at
 * each batch, seconds of work at a large base, while a rewritten row keeps its rowid and the catalog stays right. The
 * re-index announces its progress now and then instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`
    CREATE OR REPLACE FUNCTION notify_content_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('portal.index_rewrite_only', true), '') <> 'on' THEN
        PERFORM pg_notify(${sql.lit(contentCommitChannel)}, current_schema());
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
