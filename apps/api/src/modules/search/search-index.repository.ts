import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Longest text indexed per document: keeps PostgreSQL's tsvector under its 1 MB limit and SQLite's index lean. */
export const maxIndexedTextLength = 200_000;

/**
 * Rewrites a document's row in the full-text index from its title and the text of its current
 * version. Unpublished documents, and documents without a published version, leave the index.
 * Call it inside the transaction that changed the document, its current version or its text.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: string): Promise<void> {
  await db.deleteFrom('document_search').where('documentId', '=', documentId).execute();
  const row = await db
    .selectFrom('documents')
    .leftJoin('document_texts', 'document_texts.versionId', 'documents.currentVersionId')
    .select(['documents.title', 'documents.status', 'documents.currentVersionId', 'document_texts.body'])
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
  if (!row || row.status !== 'published' || !row.currentVersionId) return;
  await db
    .insertInto('document_search')
    .values({ documentId, title: row.title, body: (row.body ?? '').slice(0, maxIndexedTextLength) })
    .execute();
}
