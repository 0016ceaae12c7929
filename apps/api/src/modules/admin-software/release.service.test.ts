import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSoftwareVersionMetadata } from '@portal/contracts/admin-software';
import { createEventBus, type ChangeOrigin, type PortalEventBus, type PortalEvents } from '../../platform/events/index.ts';
import { LocalFileStorage } from '../../platform/storage/local-file-storage.ts';
import { insertReferenceData } from '../../test/document-fixtures.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import type { StoredUpload } from '../../platform/uploads/index.ts';
import { insertCadLibrary } from '../cad/index.ts';
import { insertSoftware } from '../software/index.ts';
import { cadLibraryRelease } from './cad-library-release.ts';
import { precheckRelease, publishRelease } from './release.service.ts';
import { softwareRelease } from './software-release.ts';

/*
 * The one publishing path of releases, on its own event bus: it writes the kind's rows and emits the kind's
 * event; everything else (alert jobs, audit entries) is a subscriber's, and an in-transaction subscriber that
 * fails takes the release back with it.
 */

const origin: ChangeOrigin = { actor: { sub: 'pub', name: 'pub@maker.example', roles: ['publisher'], account: null }, address: '127.0.0.1', userAgent: 'test', source: 'request' };
const version = (changes: Partial<NewSoftwareVersionMetadata>): NewSoftwareVersionMetadata => ({
  versionNumber: '1.0', releaseDate: '2025-01-01', status: 'current', audience: 'everyone', access: [], releaseNotesDocumentId: null, changeNote: '', ...changes,
});
const upload = (fileName: string): StoredUpload => ({ key: `key-${fileName}`, sha256: 'a'.repeat(64), size: 10, fileName, mediaType: 'application/octet-stream' });

describe.each(await testDialects())('publishing releases on %s', (dialect) => {
  let database: TestDatabase;
  let storageRoot: string;
  let itemId: string;
  let libraryId: string;
  let events: PortalEventBus;
  const heard: Array<{ name: keyof PortalEvents; payload: unknown }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storageRoot = mkdtempSync(join(tmpdir(), 'release-service-'));
    const storage = new LocalFileStorage(storageRoot);
    await insertReferenceData(database.db);
    ({ itemId } = await insertSoftware(database.db, storage, { equipmentName: 'RC9', versions: [] }));
    ({ libraryId } = await insertCadLibrary(database.db, storage, { cadTool: 'SOLIDWORKS', name: 'Grippers', versions: [] }));
    events = createEventBus<PortalEvents>({ onError: (error) => { throw error; } });
    for (const name of ['software.version-published', 'cad.release-published'] as const) {
      events.subscribe(name, 'in-transaction', (payload) => {
        heard.push({ name, payload });
      });
    }
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  const deps = () => ({ db: database.db, events });
  const count = async (table: 'jobs' | 'audit_entries' | 'software_versions' | 'software_files' | 'cad_library_versions') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  it('writes a software version and announces it once, with the item as staff see it; nothing else is written', async () => {
    const metadata = version({ changeNote: 'first' });
    const item = await publishRelease(deps(), softwareRelease, itemId, metadata, [upload('a.bin'), upload('b.bin')], origin);
    expect(item.versions.map((version) => [version.versionNumber, version.files.length])).toEqual([['1.0', 2]]);
    expect(heard).toEqual([
      { name: 'software.version-published', payload: { itemId, versionId: item.versions[0]!.id, changeNote: 'first', demoted: [], item, origin } },
    ]);
    expect([await count('jobs'), await count('audit_entries')]).toEqual([0, 0]);

    const second = await publishRelease(deps(), softwareRelease, itemId, { ...metadata, versionNumber: '1.1' }, [upload('a.bin')], origin);
    expect(heard.at(-1)).toMatchObject({ payload: { demoted: [item.versions[0]!.id] } });
    expect(second.versions.map((version) => [version.versionNumber, version.status])).toEqual([['1.1', 'current'], ['1.0', 'previous']]);
  });

  it('writes a partner library version and announces it with the library', async () => {
    const library = await publishRelease(deps(), cadLibraryRelease, libraryId, { version: '2.0', releaseDate: '2025-02-01', notes: 'G30' }, [upload('g.stp')], origin);
    expect(library.versions.map((version) => [version.version, version.notes, version.files.length])).toEqual([['2.0', 'G30', 1]]);
    expect(heard.at(-1)).toEqual({ name: 'cad.release-published', payload: { libraryId, versionId: library.versions[0]!.id, library, origin } });
  });

  it('answers the kind’s 404 and 409 before any file is stored', async () => {
    const metadata = { version: '3.0', releaseDate: '2025-03-01', notes: '' };
    await expect(precheckRelease(deps(), cadLibraryRelease, 'nope', metadata)).rejects.toMatchObject({ statusCode: 404, code: 'notFound', message: 'The CAD library does not exist.' });
    await expect(precheckRelease(deps(), cadLibraryRelease, libraryId, { ...metadata, version: '2.0' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'The library already has a version 2.0.',
    });
    const software = version({ versionNumber: '9.0', status: 'beta', releaseNotesDocumentId: 'missing' });
    await expect(precheckRelease(deps(), softwareRelease, 'nope', software)).rejects.toMatchObject({ statusCode: 404, message: 'The software item does not exist.' });
    await expect(precheckRelease(deps(), softwareRelease, itemId, software)).rejects.toMatchObject({ statusCode: 400, details: [{ path: 'releaseNotesDocumentId' }] });
  });

  it('takes the release back when an in-transaction subscriber fails (what must not be lost is never half there)', async () => {
    const before = [await count('software_versions'), await count('software_files')];
    const unsubscribe = events.subscribe('software.version-published', 'in-transaction', () => {
      throw new Error('the alert job could not be queued');
    });
    const metadata = version({ versionNumber: '2.0', releaseDate: '2025-05-01' });
    await expect(publishRelease(deps(), softwareRelease, itemId, metadata, [upload('c.bin')], origin)).rejects.toThrow('the alert job could not be queued');
    unsubscribe();
    expect([await count('software_versions'), await count('software_files')]).toEqual(before);
  });
});
