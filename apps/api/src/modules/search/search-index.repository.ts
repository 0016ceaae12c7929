import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contentChanged } from '../../platform/content-kinds/content-generation.ts';

// The generation lives in the platform so that modules below search (documents' grants) can mark it too.
export { contentGeneration as searchIndexGeneration, contentChanged as searchIndexChanged } from '../../platform/content-kinds/content-generation.ts';

/** Longest text indexed per document: keeps PostgreSQL's tsvector under its 1 MB limit and SQLite's index lean. */
export const maxIndexedTextLength = 200_000;

interface IndexRow {
  documentId: string;
  title: string;
  body: string;
}

/** SQLite: the FTS5 row of a document is found through its stable rowid (FTS5 cannot search its UNINDEXED columns). */
async function replaceSqliteRow(db: Kysely<Database>, documentId: string, row: IndexRow | undefined): Promise<void> {
  const existing = await db.selectFrom('document_search_rowids').select('searchRowid').where('documentId', '=', documentId).executeTakeFirst();
  if (existing) await sql`DELETE FROM document_search WHERE rowid = ${existing.searchRowid}`.execute(db);
  if (!row) return;
  const searchRowid =
    existing?.searchRowid ??
    (await db.insertInto('document_search_rowids').values({ documentId }).returning('searchRowid').executeTakeFirstOrThrow()).searchRowid;
  await sql`INSERT INTO document_search (rowid, "documentId", title, body) VALUES (${searchRowid}, ${row.documentId}, ${row.title}, ${row.body})`.execute(db);
}

async function replacePostgresRow(db: Kysely<Database>, documentId: string, row: IndexRow | undefined): Promise<void> {
  await db.deleteFrom('document_search').where('documentId', '=', documentId).execute();
  if (row) await db.insertInto('document_search').values(row).execute();
}

/**
 * Rewrites a document's row in the full-text index from its title and the text of its current
 * version. Unpublished documents, and documents without a published version, leave the index.
 * Call it inside the transaction that changed the document, its current version or its text.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: string): Promise<void> {
  const document = await db
    .selectFrom('documents')
    .leftJoin('document_texts', 'document_texts.versionId', 'documents.currentVersionId')
    .select(['documents.title', 'documents.status', 'documents.currentVersionId', 'document_texts.body'])
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
  const row =
    document && document.status === 'published' && document.currentVersionId
      ? { documentId, title: document.title, body: (document.body ?? '').slice(0, maxIndexedTextLength) }
      : undefined;
  const replace = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite' ? replaceSqliteRow : replacePostgresRow;
  await replace(db, documentId, row);
  contentChanged();
}
