import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contentChanged } from '../../platform/content-kinds/content-generation.ts';
import { findIndexSource, listDocumentIds } from '../documents/index.ts';
import { indexTokens, titleTokens, vocabularyOf } from './search-text.ts';
import { updateVocabulary, VocabularyChanges } from './search-vocabulary.repository.ts';

// The generation lives in the platform so that modules below search (documents' grants) can mark it too.
export { contentGeneration as searchIndexGeneration, contentChanged as searchIndexChanged } from '../../platform/content-kinds/content-generation.ts';

/** Longest text indexed per document: keeps PostgreSQL's tsvector under its 1 MB limit and SQLite's index lean. */
export const maxIndexedTextLength = 200_000;

interface IndexRow {
  documentId: string;
  title: string;
  titleTerms: string;
  bodyTerms: string;
}

/** The index row of a document: its number and title, and its text, as tokens of its language. */
export function indexRow(document: { id: string; serviceRef: string; title: string; languageCode: string; body: string }): IndexRow {
  return {
    documentId: document.id,
    title: document.title,
    titleTerms: titleTokens(document.serviceRef, document.title, document.languageCode),
    bodyTerms: indexTokens(document.body.slice(0, maxIndexedTextLength), document.languageCode),
  };
}

/** The tokens a document's index row holds now ('' without one). SQLite finds the row by its rowid: FTS5 would read every row to compare documentId. */
async function previousTerms(db: Kysely<Database>, documentId: string, sqlite: boolean): Promise<string> {
  const row = sqlite
    ? (
        await sql<{ titleTerms: string; bodyTerms: string }>`
          SELECT "titleTerms", "bodyTerms" FROM document_search
          WHERE rowid = (SELECT "searchRowid" FROM document_search_rowids WHERE "documentId" = ${documentId})`.execute(db)
      ).rows[0]
    : await db.selectFrom('document_search').select(['titleTerms', 'bodyTerms']).where('documentId', '=', documentId).executeTakeFirst();
  return row ? `${row.titleTerms} ${row.bodyTerms}` : '';
}

/** SQLite: the FTS5 row of a document is found through its stable rowid (FTS5 cannot search its UNINDEXED columns). */
async function replaceSqliteRow(db: Kysely<Database>, documentId: string, row: IndexRow | undefined): Promise<void> {
  const existing = await db.selectFrom('document_search_rowids').select('searchRowid').where('documentId', '=', documentId).executeTakeFirst();
  if (existing) await sql`DELETE FROM document_search WHERE rowid = ${existing.searchRowid}`.execute(db);
  if (!row) return;
  const searchRowid =
    existing?.searchRowid ??
    (await db.insertInto('document_search_rowids').values({ documentId }).returning('searchRowid').executeTakeFirstOrThrow()).searchRowid;
  await sql`INSERT INTO document_search (rowid, "documentId", title, "titleTerms", "bodyTerms")
    VALUES (${searchRowid}, ${row.documentId}, ${row.title}, ${row.titleTerms}, ${row.bodyTerms})`.execute(db);
}

/** PostgreSQL: the row is updated in place, so it keeps its searchRowid (the search catalog's key). */
async function replacePostgresRow(db: Kysely<Database>, documentId: string, row: IndexRow | undefined): Promise<void> {
  if (!row) {
    await db.deleteFrom('document_search').where('documentId', '=', documentId).execute();
    return;
  }
  const { title, titleTerms, bodyTerms } = row;
  await db
    .insertInto('document_search')
    .values(row)
    .onConflict((conflict) => conflict.column('documentId').doUpdateSet({ title, titleTerms, bodyTerms }))
    .execute();
}

/**
 * Rewrites a document's row in the full-text index from its number, title and the text of its
 * current version, and the vocabulary's counts with it. Unpublished documents, and documents
 * without a published version, leave the index. Call it inside the transaction that changed the
 * document, its current version or its text. A batch of documents passes `vocabulary` and writes
 * it once at the end, inside the same transaction.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: string, vocabulary?: VocabularyChanges): Promise<void> {
  const document = await findIndexSource(db, documentId);
  const row =
    document && document.status === 'published' && document.currentVersionId
      ? indexRow({ ...document, id: documentId, body: document.body ?? '' })
      : undefined;
  const sqlite = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';
  const before = vocabularyOf(await previousTerms(db, documentId, sqlite));
  await (sqlite ? replaceSqliteRow : replacePostgresRow)(db, documentId, row);
  const after = vocabularyOf(row ? `${row.titleTerms} ${row.bodyTerms}` : '');
  if (vocabulary) vocabulary.move(before, after);
  else await updateVocabulary(db, before, after);
  contentChanged();
}

/** Runs the rebuild a migration asked for (the index's format changed): every document's row anew. */
export async function runSearchIndexTasks(db: Kysely<Database>): Promise<number> {
  const task = await db.selectFrom('search_index_tasks').select('task').where('task', '=', 'rebuild').executeTakeFirst();
  if (!task) return 0;
  const documents = await listDocumentIds(db);
  for (let start = 0; start < documents.length; start += 500) {
    await db.transaction().execute(async (trx) => {
      const vocabulary = new VocabularyChanges();
      for (const id of documents.slice(start, start + 500)) await reindexDocument(trx, id, vocabulary);
      await vocabulary.write(trx);
    });
  }
  await db.deleteFrom('search_index_tasks').where('task', '=', 'rebuild').execute();
  return documents.length;
}
