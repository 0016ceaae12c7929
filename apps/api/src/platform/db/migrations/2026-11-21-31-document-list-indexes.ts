import type { Kysely } from 'kysely';

/*
 * Indexes for listing documents at scale. The status index goes: with two values it selects half
 * the table, and SQLite (without statistics) preferred it to the selective variant-group index.
 * Versions get one on their publication time, so "newest first" walks it instead of sorting
 * every document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_status_idx').execute();
  await db.schema.createIndex('document_versions_published_idx').on('document_versions').column('publishedAt').execute();
}
