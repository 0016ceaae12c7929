import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { reindexDocument } from './search-index.repository.ts';

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
    const rows = await handle.db.selectFrom('document_search').select(['documentId', 'title', 'body']).execute();
    expect(rows).toEqual([{ documentId: 'd1', title: 'Gripper manual', body: 'Torque limits of the finger' }]);
  });

  it('drops an unpublished document from the index', async () => {
    await handle.db.updateTable('documents').set({ status: 'unpublished' }).where('id', '=', 'd1').execute();
    await reindexDocument(handle.db, 'd1');
    expect(await handle.db.selectFrom('document_search').selectAll().execute()).toEqual([]);
  });
});
