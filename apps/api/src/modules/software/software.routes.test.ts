import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { insertSoftware, type InsertedSoftware } from './software-writer.repository.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const firmware = randomBytes(200_000);
const betaFirmware = randomBytes(50_000);

describe.each(await testDialects())('software routes on %s', (dialect) => {
  let t: TestApp;
  let rc8: InsertedSoftware;
  let secret: InsertedSoftware;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertReferenceData(t.db);
    await t.db.insertInto('document_types').values({ code: 'release-notes', name: 'Release notes' }).execute();
    await insertDocument(t.db, { id: 'rn420', title: 'RC8 firmware 4.2.0 release notes', typeCode: 'release-notes', versions: [{ resourceVersion: 'A', fileName: 'RC8-4.2.0-release-notes.pdf' }] });
    await insertDocument(t.db, {
      id: 'rn410', title: 'RC8 4.1.0 notes for GLOBEX', typeCode: 'release-notes', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }],
      versions: [{ resourceVersion: 'A', fileName: 'RC8-4.1.0-release-notes.pdf' }],
    });
    rc8 = await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'RC8',
      name: 'RC8 controller firmware',
      category: 'firmware',
      description: 'Firmware of the RC8 robot controller',
      compatibleEquipment: ['R100'],
      versions: [
        { number: '4.1.0', releaseDate: '2025-01-10', status: 'previous', releaseNotesDocumentId: 'rn410', files: [{ fileName: 'rc8-4.1.0.bin', content: randomBytes(1000) }] },
        {
          number: '4.2.0', releaseDate: '2025-06-01', status: 'current', releaseNotesDocumentId: 'rn420',
          files: [{ fileName: 'rc8-4.2.0.bin', content: firmware }, { fileName: 'readme.txt', content: 'Flash with the PC tool.', mediaType: 'text/plain' }],
        },
        {
          number: '5.0.0-beta.1', releaseDate: '2025-09-01', status: 'beta', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
          files: [{ fileName: 'rc8-5.0.0-beta.1.bin', content: betaFirmware }],
        },
      ],
    });
    await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'PalletDesigner', name: 'Pallet Designer', category: 'pc-tool', description: 'Plan 50% faster pallet patterns',
      versions: [{ number: '2.0', releaseDate: '2025-03-01', status: 'current', files: [{ fileName: 'setup.exe', content: randomBytes(500) }] }],
    });
    secret = await insertSoftware(t.db, t.app.storage, {
      equipmentName: 'ServiceKit', name: 'Service kit', category: 'pc-tool', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }],
      versions: [{ number: '1.0', releaseDate: '2025-02-01', status: 'current', files: [{ fileName: 'kit.zip', content: randomBytes(300) }] }],
    });
  });
  afterAll(() => t.close());

  const get = async (url: string, user = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const post = async (url: string, user = testUsers.customer) => t.app.inject({ method: 'POST', url, headers: await t.authHeaders(user) });
  const recordsOf = (sub: string) => t.db.selectFrom('download_records').selectAll().where('userSub', '=', sub).execute();

  describe('GET /api/Software', () => {
    it('lists what a customer may see, with the newest release and category facets', async () => {
      const response = await get('/api/Software');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.map((item: { equipmentName: string }) => item.equipmentName)).toEqual(['PalletDesigner', 'RC8']);
      expect(body.items[1].latestVersion).toEqual({ number: '4.2.0', releaseDate: '2025-06-01', status: 'current' });
      expect(body.items[1].compatibleEquipment).toEqual(['R100']);
      expect(body.facets.category).toEqual([{ value: 'firmware', count: 1 }, { value: 'pc-tool', count: 1 }]);
      expect(body.total).toBe(2);
    });

    it('shows restricted items to their audience and to staff', async () => {
      for (const user of [testUsers.partner, testUsers.employee]) {
        const body = (await get('/api/Software', user)).json();
        expect(body.items.map((item: { equipmentName: string }) => item.equipmentName)).toContain('ServiceKit');
        expect(body.facets.category).toContainEqual({ value: 'pc-tool', count: 2 });
      }
    });

    it('filters by text (wildcards taken literally) and category, facets ignoring the category, and pages', async () => {
      expect((await get('/api/Software?q=rc8%20CONTROLLER')).json().items).toHaveLength(1);
      expect((await get('/api/Software?q=50%25')).json().items.map((item: { name: string }) => item.name)).toEqual(['Pallet Designer']);
      expect((await get('/api/Software?q=5_%25')).json().items).toHaveLength(0);
      const filtered = (await get('/api/Software?category=firmware&pageSize=1', testUsers.partner)).json();
      expect(filtered).toMatchObject({ total: 1, page: 1, pageSize: 1 });
      expect(filtered.facets.category).toEqual([{ value: 'firmware', count: 1 }, { value: 'pc-tool', count: 2 }]);
      const second = (await get('/api/Software?pageSize=2&page=2', testUsers.partner)).json();
      expect(second.items.map((item: { equipmentName: string }) => item.equipmentName)).toEqual(['ServiceKit']);
      expect(second.total).toBe(3);
    });

    it('refuses a bad page size and a missing token', async () => {
      expect((await get('/api/Software?pageSize=1000')).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/Software' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/Software/:equipmentName', () => {
    it('gives a customer the released versions newest first, with files and release notes', async () => {
      const response = await get('/api/Software/RC8');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.versions.map((version: { number: string }) => version.number)).toEqual(['4.2.0', '4.1.0']);
      const current = body.versions[0];
      expect(current.files).toContainEqual({
        id: rc8.fileIds['4.2.0/rc8-4.2.0.bin'], fileName: 'rc8-4.2.0.bin', size: firmware.length, sha256: sha256(firmware), mediaType: 'application/octet-stream',
      });
      expect(current.totalSize).toBe(firmware.length + 'Flash with the PC tool.'.length);
      expect(current.releaseNotes).toEqual({ documentId: 'rn420', serviceRef: 'RN420', fileName: 'RC8 firmware 4.2.0 release notes.pdf', title: 'RC8 firmware 4.2.0 release notes' });
      expect(current.zipPath).toBe('software/RC8/4.2.0');
      // The notes of 4.1.0 are restricted to another account.
      expect(body.versions[1].releaseNotes).toBeNull();
      const staffView = (await get('/api/Software/RC8', testUsers.employee)).json();
      expect(staffView.versions.find((version: { number: string }) => version.number === '4.1.0').releaseNotes.documentId).toBe('rn410');
    });

    it('adds the beta for partners, first as the newest', async () => {
      const body = (await get('/api/Software/RC8', testUsers.partner)).json();
      expect(body.versions.map((version: { number: string }) => version.number)).toEqual(['5.0.0-beta.1', '4.2.0', '4.1.0']);
      expect(body.latestVersion.number).toBe('4.2.0');
    });

    it('answers 403 for a restricted item and 404 for an unknown one', async () => {
      expect((await get('/api/Software/ServiceKit')).statusCode).toBe(403);
      expect((await get('/api/Software/ServiceKit', testUsers.partner)).statusCode).toBe(200);
      const missing = await get('/api/Software/Nothing');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('notFound');
      expect((await get('/api/Software/bad%20name')).statusCode).toBe(400);
    });
  });

  describe('GET /api/Software/:equipmentName/documentation/:filename', () => {
    it('answers the release notes as a Document', async () => {
      // Named as readers get the notes (after the title), never by the uploaded file's name.
      expect((await get('/api/Software/RC8/documentation/RC8-4.2.0-release-notes.pdf')).statusCode).toBe(404);
      const response = await get('/api/Software/RC8/documentation/RC8%20firmware%204.2.0%20release%20notes.pdf');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: 'rn420', fileName: 'RC8 firmware 4.2.0 release notes.pdf', title: 'RC8 firmware 4.2.0 release notes', downloadableDocument: true, serviceRef: 'RN420',
      });
    });

    it('answers 403 for notes the user may not read and 404 for unknown names', async () => {
      expect((await get('/api/Software/RC8/documentation/RC8%204.1.0%20notes%20for%20GLOBEX.pdf')).statusCode).toBe(403);
      expect((await get('/api/Software/RC8/documentation/RC8%204.1.0%20notes%20for%20GLOBEX.pdf', testUsers.admin)).statusCode).toBe(200);
      const missing = await get('/api/Software/RC8/documentation/other.pdf');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('documentNotFound');
      expect((await get('/api/Software/ServiceKit/documentation/kit.pdf')).statusCode).toBe(403);
    });
  });

  describe('POST /api/Software/download', () => {
    it('hands out a signed URL that serves the file, and records the download', async () => {
      const fileId = rc8.fileIds['4.2.0/rc8-4.2.0.bin'];
      const response = await post(`/api/Software/download?fileId=${fileId}`);
      expect(response.statusCode).toBe(200);
      const [{ downloadUrl }] = response.json();
      const file = await t.app.inject({ url: downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(sha256(firmware));
      expect(file.headers['content-disposition']).toContain('attachment; filename="rc8-4.2.0.bin"');
      expect(await recordsOf(testUsers.customer.sub)).toEqual([
        expect.objectContaining({
          itemKind: 'software', itemId: rc8.itemId, versionId: rc8.versionIds['4.2.0'], versionLabel: '4.2.0', fileName: 'rc8-4.2.0.bin', fileId,
        }),
      ]);
    });

    it('refuses a hidden version or item with 403 and records nothing', async () => {
      const before = (await recordsOf(testUsers.customer.sub)).length;
      expect((await post(`/api/Software/download?fileId=${rc8.fileIds['5.0.0-beta.1/rc8-5.0.0-beta.1.bin']}`)).statusCode).toBe(403);
      expect((await post(`/api/Software/download?fileId=${secret.fileIds['1.0/kit.zip']}`)).statusCode).toBe(403);
      expect((await post('/api/Software/download?fileId=nope')).statusCode).toBe(404);
      expect((await post('/api/Software/download')).statusCode).toBe(400);
      expect(await recordsOf(testUsers.customer.sub)).toHaveLength(before);
      const partner = await post(`/api/Software/download?fileId=${rc8.fileIds['5.0.0-beta.1/rc8-5.0.0-beta.1.bin']}`, testUsers.partner);
      expect(partner.statusCode).toBe(200);
    });
  });

  describe('GET /api/Content/downloadZip?filePath=software/…', () => {
    it('streams every file of the version in a folder, each matching its sha256, and records one download', async () => {
      const user = { ...testUsers.customer, sub: 'zip-customer' };
      const response = await t.app.inject({ url: '/api/Content/downloadZip?filePath=software/RC8/4.2.0', headers: await t.authHeaders(user) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain('filename="RC8-4.2.0.zip"');
      const entries = readZip(response.rawPayload);
      const { files } = (await get('/api/Software/RC8')).json().versions[0];
      expect(entries.map((entry) => entry.name).sort()).toEqual(files.map((file: { fileName: string }) => `RC8-4.2.0/${file.fileName}`).sort());
      for (const file of files) {
        const entry = entries.find((candidate) => candidate.name === `RC8-4.2.0/${file.fileName}`)!;
        expect(entry.data.length).toBe(file.size);
        expect(sha256(entry.data)).toBe(file.sha256);
      }
      // Random firmware is stored as is; the text file is deflated.
      expect(entries.find((entry) => entry.name.endsWith('.bin'))!.method).toBe(0);
      expect(entries.find((entry) => entry.name.endsWith('.txt'))!.method).toBe(8);
      expect(await recordsOf(user.sub)).toEqual([
        expect.objectContaining({ itemKind: 'software', itemId: rc8.itemId, versionId: rc8.versionIds['4.2.0'], versionLabel: '4.2.0', fileName: 'RC8-4.2.0.zip', fileId: null }),
      ]);
    });

    it('refuses versions and items the user may not see, and unknown ones', async () => {
      const user = { ...testUsers.customer, sub: 'zip-refused' };
      const zip = async (filePath: string, who: typeof user = user) =>
        t.app.inject({ url: `/api/Content/downloadZip?filePath=${encodeURIComponent(filePath)}`, headers: await t.authHeaders(who) });
      expect((await zip('software/RC8/5.0.0-beta.1')).statusCode).toBe(403);
      expect((await zip('software/ServiceKit/1.0')).statusCode).toBe(403);
      expect((await zip('software/RC8/9.9')).statusCode).toBe(404);
      expect((await zip('software/RC8')).statusCode).toBe(404);
      expect((await zip('software/RC8/../ServiceKit/1.0')).statusCode).toBe(400);
      expect(await recordsOf(user.sub)).toEqual([]);
      const partner = await zip('software/RC8/5.0.0-beta.1', testUsers.partner);
      expect(partner.statusCode).toBe(200);
      expect(sha256(readZip(partner.rawPayload)[0]!.data)).toBe(sha256(betaFirmware));
    });
  });
});
