import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedStorageKeys } from '../platform/backup/stored-file-keys.ts';
import { fixtureTime, insertDocument, insertReferenceData } from '../test/document-fixtures.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { storedFileOwners } from './stored-files.ts';

/* The backup's list of stored files, composed of the owners' lists: every key once, sorted, whoever refers to it. */

const file = (id: string, storageKey: string) => ({ id, fileName: `${id}.bin`, size: 1, mediaType: 'application/octet-stream', sha256: `sha-${id}`, storageKey, createdAt: fixtureTime });

describe('referencedStorageKeys', () => {
  it('merges the owners’ lists: each key once, sorted', async () => {
    const owners = [async () => ['b', 'a', 'b'], async () => [], async () => ['c', 'a']];
    expect(await referencedStorageKeys({} as never, owners)).toEqual(['a', 'b', 'c']);
    expect(await referencedStorageKeys({} as never, [])).toEqual([]);
  });
});

describe.each(await testDialects())('the stored files of every owner on %s', (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await insertReferenceData(t.db);
    await insertDocument(t.db, {
      id: 'manual1',
      versions: [
        { resourceVersion: 'A', storageKey: 'doc-a', thumbnailKey: 'thumb-a', previewPdfKey: 'pdf-a', posterKey: null },
        { resourceVersion: 'B', storageKey: 'doc-b', thumbnailKey: 'thumb-a', previewPdfKey: null, posterKey: 'poster-b' },
      ],
    });
    await t.db.insertInto('software_items').values({ id: 'item1', equipmentName: 'ctl', name: 'Controller', category: 'firmware', createdAt: fixtureTime, updatedAt: fixtureTime }).execute();
    await t.db.insertInto('software_versions').values({ id: 'sv1', itemId: 'item1', versionNumber: '1.0', releaseDate: '2026-01-01', status: 'current', releaseNotesDocumentId: null, createdAt: fixtureTime }).execute();
    await t.db.insertInto('software_files').values([{ ...file('sf1', 'soft-1'), versionId: 'sv1' }, { ...file('sf2', 'doc-a'), versionId: 'sv1' }]).execute();
    await t.db.insertInto('cad_families').values({ code: 'fam', name: 'Family' }).execute();
    await t.db.insertInto('cad_models').values({ code: 'm1', familyCode: 'fam', name: 'Model', revision: 'A' }).execute();
    await t.db.insertInto('cad_files').values({ ...file('cf1', 'cad-1'), modelCode: 'm1', format: 'step', component: 'body' }).execute();
    await t.db.insertInto('cad_libraries').values({ id: 'lib1', cadTool: 'tool', name: 'Library', createdAt: fixtureTime }).execute();
    await t.db.insertInto('cad_library_versions').values({ id: 'lv1', libraryId: 'lib1', version: '1', releaseDate: '2026-01-01', createdAt: fixtureTime }).execute();
    await t.db.insertInto('cad_library_files').values({ ...file('lf1', 'lib-1'), versionId: 'lv1' }).execute();
  }, 60_000);
  afterAll(() => t.destroy());

  it('lists the versions’ files and previews, the software files, the CAD files and the library files, each key once', async () => {
    expect(await referencedStorageKeys(t.db, storedFileOwners)).toEqual(['cad-1', 'doc-a', 'doc-b', 'lib-1', 'pdf-a', 'poster-b', 'soft-1', 'thumb-a']);
  });
});
