import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { sql } from 'kysely';
import { up as addSearchRowids } from '../../platform/db/migrations/2026-11-21-30-document-search-rowids.ts';
import { reindexDocument, reindexDocuments } from './search-index.repository.ts';
import { VocabularyChanges } from './search-vocabulary.repository.ts';

const now = '2026-11-21T00:00:00.000Z';

describe.each(await testDialects())('search index on %s', (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    const db = handle.db;
    await db.insertInto('document_types').values({ code: 'manual', name: 'Manual' }).execute();
    await db
      .insertInto('documents')
      .values({ id: 'd1', serviceRef: 'D1', variantGroup: 'D1', title: 'Gripper manual', typeCode: 'manual', languageCode: 'en', currentVersionId: null, createdAt: now, updatedAt: now })
      .execute();
    await db
      .insertInto('document_versions')
      .values({ id: 'v1', documentId: 'd1', resourceVersion: 'A', fileName: 'g.pdf', size: 3_000_000_000, mediaType: 'application/pdf', sha256: 'x', storageKey: 'k', publishedAt: now, pageCount: null, thumbnailKey: null, previewPdfKey: null, posterKey: null, previewError: null, createdAt: now })
      .execute();
    await db.insertInto('document_texts').values({ versionId: 'v1', body: 'Torque limits of the finger' }).execute();
  });
  afterAll(() => handle.destroy());

  it('keeps sizes above 2 GiB as numbers', async () => {
    const version = await handle.db.selectFrom('document_versions').select('size').executeTakeFirstOrThrow();
    expect(version.size).toBe(3_000_000_000);
  });

  it('indexes only a document with a current version, and replaces its row', async () => {
    await reindexDocument(handle.db, 'd1');
    expect(await handle.db.selectFrom('document_search').selectAll().execute()).toEqual([]);

    await handle.db.updateTable('documents').set({ currentVersionId: 'v1' }).where('id', '=', 'd1').execute();
    await reindexDocument(handle.db, 'd1');
    await reindexDocument(handle.db, 'd1');
    const rows = await handle.db.selectFrom('document_search').select(['documentId', 'title', 'titleTerms', 'bodyTerms']).execute();
    expect(rows).toEqual([
      { documentId: 'd1', title: 'Gripper manual', titleTerms: 'd1 gripper manual', bodyTerms: 'torque torqu0en limits limit0en of the finger' },
    ]);
  });

  it('counts the documents of each word and English stem in the vocabulary, once per document however often reindexed', async () => {
    const vocabulary = await handle.db.selectFrom('search_vocabulary').select(['word', 'documents']).orderBy('word').execute();
    expect(vocabulary.map((row) => [row.word, Number(row.documents)])).toEqual(
      ['finger', 'gripper', 'limit0en', 'limits', 'manual', 'of', 'the', 'torqu0en', 'torque'].map((word) => [word, 1]),
    );
  });

  it('drops an unpublished document from the index and its words from the vocabulary', async () => {
    await handle.db.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'd1').execute();
    await reindexDocument(handle.db, 'd1');
    expect(await handle.db.selectFrom('document_search').selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom('search_vocabulary').selectAll().execute()).toEqual([]);
  });

  it('replaces one document\'s row without touching the others', async () => {
    const db = handle.db;
    await db.updateTable('documents').set({ status: 'published' }).where('id', '=', 'd1').execute();
    await db
      .insertInto('documents')
      .values({ id: 'd2', serviceRef: 'D2', variantGroup: 'D2', title: 'Robot manual', typeCode: 'manual', languageCode: 'en', currentVersionId: 'v1', createdAt: now, updatedAt: now })
      .execute();
    await reindexDocument(db, 'd1');
    await reindexDocument(db, 'd2');
    await db.updateTable('documents').set({ title: 'Gripper handbook' }).where('id', '=', 'd1').execute();
    await reindexDocument(db, 'd1');
    const rows = await db.selectFrom('document_search').select(['documentId', 'title']).orderBy('documentId').execute();
    expect(rows).toEqual([{ documentId: 'd1', title: 'Gripper handbook' }, { documentId: 'd2', title: 'Robot manual' }]);
  });

  it('counts a batch of documents written at once as it counts them one by one, as a re-index batch does', async () => {
    const db = handle.db;
    const counts = async (from: typeof db = db) =>
      (await from.selectFrom('search_vocabulary').select(['word', 'documents']).orderBy('word').execute()).map((row) => [row.word, Number(row.documents)]);
    const oneByOne = await counts();
    expect(oneByOne).toContainEqual(['finger', 2]);

    await db.transaction().execute(async (trx) => {
      const vocabulary = new VocabularyChanges();
      await trx.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'd2').execute();
      await reindexDocument(trx, 'd2', vocabulary);
      await reindexDocument(trx, 'd1', vocabulary);
      // Nothing is written until the batch ends.
      expect(await counts(trx)).toEqual(oneByOne);
      await vocabulary.write(trx);
    });
    expect(await counts()).toContainEqual(['finger', 1]);
    expect((await counts()).map(([word]) => word)).not.toContain('robot');

    await db.updateTable('documents').set({ status: 'published' }).where('id', '=', 'd2').execute();
    expect(await db.transaction().execute((trx) => reindexDocuments(trx, ['d1', 'd2'], Date.now() + 60_000))).toBe(2);
    expect(await counts()).toEqual(oneByOne);
    // Past its deadline a batch still does one document, and says so.
    expect(await db.transaction().execute((trx) => reindexDocuments(trx, ['d1', 'd2'], 0))).toBe(1);
    expect(await counts()).toEqual(oneByOne);
  });

  it.runIf(dialect === 'sqlite')('keeps one stable FTS5 rowid per document, and backfills it for rows indexed before', async () => {
    const db = handle.db;
    const mapping = async () =>
      (await sql<{ rowid: number; documentId: string }>`SELECT rowid, "documentId" FROM document_search ORDER BY "documentId"`.execute(db)).rows;
    const before = await mapping();
    await reindexDocument(db, 'd2');
    expect(await mapping()).toEqual(before);

    await db.schema.dropTable('document_search_rowids').execute();
    await addSearchRowids(db);
    const backfilled = await db.selectFrom('document_search_rowids').select(['searchRowid as rowid', 'documentId']).orderBy('documentId').execute();
    expect(backfilled).toEqual(before);
  });
});
