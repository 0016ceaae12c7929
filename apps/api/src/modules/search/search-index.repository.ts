import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { contentChanged } from '../../platform/content-kinds/content-generation.ts';
import { findIndexSource } from '../documents/index.ts';
import { indexTokens, titleTokens, vocabularyOf } from './search-text.ts';
import { VocabularyChanges } from './search-vocabulary.repository.ts';

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

/** The first key of the PostgreSQL advisory locks on index rows; the second is one of `indexRowLockBuckets` a document id hashes to. */
const indexRowLockClass = 0x5e1d;
/**
 * A transaction that re-indexes thousands of documents (an import) takes at most this many locks: each is
 * an entry of the server's shared lock table (64 per connection by default), which one lock per document
 * could fill. Documents sharing a bucket merely wait for each other a little more often.
 */
const indexRowLockBuckets = 1024;

/**
 * PostgreSQL: locks the index rows of these documents until the transaction ends, whether they exist or
 * not. The change of a document and a re-index batch then rewrite a row one after the other, and the one
 * that comes second reads the document as the first committed it: without the lock, a batch that read a
 * document just before a change committed could put back the row the change had just replaced.
 * SQLite needs none: its transactions take the write lock when they begin.
 */
async function lockIndexRows(db: Kysely<Database>, documentIds: readonly string[]): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${indexRowLockClass}, bucket)
    FROM (SELECT DISTINCT hashtext(id) & ${indexRowLockBuckets - 1} AS bucket FROM unnest(${[...documentIds]}::text[]) AS id) AS buckets`.execute(db);
}

/** Writes a document's row from what it is now, and moves the vocabulary's counts in `vocabulary`. */
async function rewriteIndexRow(db: Kysely<Database>, documentId: string, sqlite: boolean, vocabulary: VocabularyChanges): Promise<void> {
  const document = await findIndexSource(db, documentId);
  const row =
    document && document.status === 'published' && document.currentVersionId
      ? indexRow({ ...document, id: documentId, body: document.body ?? '' })
      : undefined;
  const before = vocabularyOf(await previousTerms(db, documentId, sqlite));
  await (sqlite ? replaceSqliteRow : replacePostgresRow)(db, documentId, row);
  vocabulary.move(before, vocabularyOf(row ? `${row.titleTerms} ${row.bodyTerms}` : ''));
}

/**
 * Rewrites a document's row in the full-text index from its number, title and the text of its
 * current version, and the vocabulary's counts with it. Unpublished documents, and documents
 * without a published version, leave the index. Call it inside the transaction that changed the
 * document, its current version or its text. A batch of documents passes `vocabulary` and writes
 * it once at the end, inside the same transaction.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: string, vocabulary?: VocabularyChanges): Promise<void> {
  const sqlite = isSqlite(db);
  if (!sqlite) await lockIndexRows(db, [documentId]);
  const changes = vocabulary ?? new VocabularyChanges();
  await rewriteIndexRow(db, documentId, sqlite, changes);
  if (!vocabulary) await changes.write(db);
  contentChanged();
}

/**
 * One batch of a full re-index, inside its transaction: the rows of `documentIds` in their order, until
 * `deadline` (epoch ms) has passed, but at least one. Answers how many were rewritten, the first ones.
 * It leaves the caches be: a row rewritten keeps its rowid, the catalog's key, so the run announces its
 * changes now and then (searchIndexChanged) rather than have every batch rebuild this process's catalog.
 */
export async function reindexDocuments(db: Kysely<Database>, documentIds: readonly string[], deadline: number): Promise<number> {
  const sqlite = isSqlite(db);
  if (!sqlite) await lockIndexRows(db, documentIds);
  const vocabulary = new VocabularyChanges();
  let rewritten = 0;
  for (const documentId of documentIds) {
    if (rewritten > 0 && Date.now() >= deadline) break;
    await rewriteIndexRow(db, documentId, sqlite, vocabulary);
    rewritten += 1;
  }
  await vocabulary.write(db);
  return rewritten;
}

/** Takes the full re-index a migration asked for (the index's format changed): true for the one process that takes it. */
export async function takeRebuildTask(db: Kysely<Database>): Promise<boolean> {
  const taken = await db.deleteFrom('search_index_tasks').where('task', '=', 'rebuild').returning('task').execute();
  return taken.length > 0;
}
