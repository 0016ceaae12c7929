import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertCadFamily, insertCadLibrary, type InsertedCadLibrary } from '../cad/cad-writer.repository.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { insertSoftware, type InsertedSoftware } from '../software/software-writer.repository.ts';
import { recordDownload, type NewDownloadRecord } from './download.repository.ts';

describe.each(await testDialects())('download history on %s', (dialect) => {
  let t: TestApp;
  let rc8: InsertedSoftware;
  let kit: InsertedSoftware;
  let library: InsertedCadLibrary;
  let cadFiles: Record<string, string>;
  const customer = testUsers.customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual1', title: 'R100 manual', versions: [{ resourceVersion: 'A' }, { resourceVersion: 'B' }] });
    await insertDocument(t.db, { id: 'secret1', title: 'Secret drawing', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }] });
    rc8 = await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'RC8', name: 'RC8 firmware',
      versions: [
        { number: '4.1.0', releaseDate: '2025-01-01', status: 'previous', files: [{ fileName: 'rc8-4.1.0.bin', content: 'old' }] },
        { number: '4.2.0', releaseDate: '2025-06-01', status: 'current', files: [{ fileName: 'rc8-4.2.0.bin', content: 'new' }] },
        { number: '5.0.0-beta', releaseDate: '2025-09-01', status: 'beta', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }], files: [] },
      ],
    });
    kit = await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'ServiceKit', name: 'Service kit', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }],
      versions: [{ number: '1.0', releaseDate: '2025-01-01', status: 'current', files: [{ fileName: 'kit.zip', content: 'kit' }] }],
    });
    cadFiles = await insertCadFamily(t.db, t.app.storage, {
      code: 'scara', name: 'SCARA',
      models: [{
        code: 'S600', name: 'S600 SCARA', revision: 'B',
        groups: [{ code: 'mounting', label: 'mounting', values: [{ code: 'floor', label: 'Floor' }] }],
        files: [{ fileName: 'S600.stp', content: 'ISO-10303-21;', format: 'step', component: 'base' }],
      }],
    });
    library = await insertCadLibrary(t.db, t.app.storage, {
      cadTool: 'SOLIDWORKS', name: 'Grippers',
      versions: [
        { version: '1.0', releaseDate: '2024-01-01', files: [{ fileName: 'g-1.0.SLDPRT', content: 'g1' }] },
        { version: '2.0', releaseDate: '2025-01-01', files: [{ fileName: 'g-2.0.SLDPRT', content: 'g2' }] },
      ],
    });

    const records: Array<Omit<NewDownloadRecord, 'userSub'>> = [
      { itemKind: 'document', itemId: 'manual1', versionId: 'manual1-A', versionLabel: 'A', fileName: 'manual1.pdf' },
      { itemKind: 'document', itemId: 'secret1', versionId: 'secret1-A', versionLabel: 'A', fileName: 'secret1.pdf' },
      { itemKind: 'software', itemId: rc8.itemId, versionId: rc8.versionIds['4.1.0'], versionLabel: '4.1.0', fileName: 'rc8-4.1.0.bin', fileId: rc8.fileIds['4.1.0/rc8-4.1.0.bin'] },
      { itemKind: 'software', itemId: rc8.itemId, versionId: rc8.versionIds['4.2.0'], versionLabel: '4.2.0', fileName: 'RC8-4.2.0.zip', fileId: null },
      { itemKind: 'software', itemId: kit.itemId, versionId: kit.versionIds['1.0'], versionLabel: '1.0', fileName: 'kit.zip', fileId: kit.fileIds['1.0/kit.zip'] },
      { itemKind: 'cad', itemId: 'model:S600', versionId: null, versionLabel: 'A', fileName: 'S600.stp', fileId: cadFiles['S600/S600.stp'] },
      { itemKind: 'cad', itemId: 'set:cad/S600/floor', versionId: null, versionLabel: 'B', fileName: 'S600-floor.zip', fileId: null },
      { itemKind: 'cad', itemId: `library:${library.libraryId}`, versionId: library.versionIds['1.0'], versionLabel: '1.0', fileName: 'g-1.0.SLDPRT', fileId: library.fileIds['1.0/g-1.0.SLDPRT'] },
    ];
    for (const [index, record] of records.entries()) {
      await recordDownload(t.db, { ...record, userSub: customer.sub }, `2026-01-01T00:00:0${index}.000Z`);
    }
    await recordDownload(t.db, { ...records[0]!, userSub: testUsers.partner.sub }, '2026-01-02T00:00:00.000Z');
    await recordDownload(
      t.db,
      { itemKind: 'document', itemId: 'manual1', versionId: null, versionLabel: 'B', fileName: 'MANUAL1.zip', userSub: customer.sub },
      '2025-12-31T00:00:00.000Z',
    );
  });
  afterAll(() => t.close());

  const history = async (query = '', user = customer) => t.app.inject({ url: `/api/Downloads/history${query}`, headers: await t.authHeaders(user) });

  it('lists the user’s downloads newest first, each saying whether a newer version exists and how to get it again', async () => {
    const response = await history();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 9, page: 1, pageSize: 20 });
    const items = body.items;
    // A document's file is named as readers get it (after its title), never as it was uploaded; zips keep their own names.
    expect(items.map((item: { fileName: string }) => item.fileName)).toEqual([
      'g-1.0.SLDPRT', 'S600-floor.zip', 'S600.stp', 'kit.zip', 'RC8-4.2.0.zip', 'rc8-4.1.0.bin', 'Secret drawing.pdf', 'R100 manual.pdf', 'MANUAL1.zip',
    ]);
    expect(items[0]).toEqual({
      id: expect.any(String), kind: 'cad', title: 'Grippers', itemRef: library.libraryId, versionLabel: '1.0', fileName: 'g-1.0.SLDPRT', isZip: false,
      downloadedAt: '2026-01-01T00:00:07.000Z', newerVersionAvailable: true, newestVersionLabel: '2.0',
      redownload: { method: 'POST', url: `/api/Cad/download?fileId=${library.fileIds['1.0/g-1.0.SLDPRT']}` },
    });
    expect(items[1]).toMatchObject({
      title: 'S600 SCARA (Floor)', itemRef: 'S600/floor', isZip: true, newerVersionAvailable: false, newestVersionLabel: 'B',
      redownload: { method: 'GET', url: '/api/Content/downloadZip?filePath=cad%2FS600%2Ffloor' },
    });
    expect(items[2]).toMatchObject({ title: 'S600 SCARA', itemRef: 'S600', newerVersionAvailable: true, newestVersionLabel: 'B' });
    expect(items[4]).toMatchObject({
      kind: 'software', title: 'RC8 firmware', itemRef: 'RC8', isZip: true, newerVersionAvailable: false, newestVersionLabel: '4.2.0',
      redownload: { method: 'GET', url: '/api/Content/downloadZip?filePath=software%2FRC8%2F4.2.0' },
    });
    expect(items[5]).toMatchObject({
      newerVersionAvailable: true, newestVersionLabel: '4.2.0',
      redownload: { method: 'POST', url: `/api/Software/download?fileId=${rc8.fileIds['4.1.0/rc8-4.1.0.bin']}` },
    });
    expect(items[7]).toMatchObject({
      kind: 'document', title: 'R100 manual', itemRef: 'MANUAL1', isZip: false, newerVersionAvailable: true, newestVersionLabel: 'B',
      redownload: { method: 'POST', url: '/api/Content/download?versionId=manual1-A', body: ['manual1'] },
    });
    expect(items[8]).toMatchObject({
      kind: 'document', isZip: true, redownload: { method: 'GET', url: '/api/Content/downloadZip?filePath=documents%2FMANUAL1' },
    });
  });

  it('offers nothing for items the user may no longer see, and no newer-version hints', async () => {
    const items = (await history()).json().items;
    expect(items[3]).toMatchObject({ fileName: 'kit.zip', title: 'Service kit', itemRef: null, newerVersionAvailable: false, newestVersionLabel: null, redownload: null });
    expect(items[6]).toMatchObject({ fileName: 'Secret drawing.pdf', title: 'Secret drawing', itemRef: null, redownload: null });
  });

  it('filters by kind and pages', async () => {
    const cad = (await history('?kind=cad')).json();
    expect(cad.total).toBe(3);
    expect(cad.items.every((item: { kind: string }) => item.kind === 'cad')).toBe(true);
    const page = (await history('?pageSize=4&page=3')).json();
    expect(page).toMatchObject({ total: 9, page: 3, pageSize: 4 });
    expect(page.items.map((item: { fileName: string }) => item.fileName)).toEqual(['MANUAL1.zip']);
  });

  it('shows each user only their own downloads, and refuses bad input or no token', async () => {
    const partner = (await history('', testUsers.partner)).json();
    expect(partner.total).toBe(1);
    expect(partner.items[0]).toMatchObject({ fileName: 'R100 manual.pdf' });
    expect((await history('', { ...customer, sub: 'nobody' })).json()).toMatchObject({ total: 0, items: [] });
    expect((await history('?kind=video')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Downloads/history' })).statusCode).toBe(401);
  });
});
