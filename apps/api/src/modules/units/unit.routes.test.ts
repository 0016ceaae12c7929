import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, otherPartner, seedUnitFixtures } from './units.fixture.ts';

describe.each(await testDialects())('unit routes on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUserInput = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, user: TestUserInput = testUsers.admin, contentType?: string) =>
    t.app.inject({ method, url, payload: payload as string, headers: { ...(await t.authHeaders(user)), ...(contentType ? { 'content-type': contentType } : {}) } });
  const serials = (body: { items: Array<{ serialNumber: string }> }) => body.items.map((item) => item.serialNumber);

  describe('GET /api/Units', () => {
    it("lists a customer's own account's units, with model name and option labels", async () => {
      const response = await get('/api/Units');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(serials(body)).toEqual(['R100-0001', 'R100-0150']);
      expect(body.items[0]).toMatchObject({
        model: { code: 'R100', name: 'Robot R100' },
        options: [{ code: 'floor', label: 'Floor' }, { code: 'iso50', label: 'ISO 50' }],
        account: 'ACME-001', siteName: 'Plant 1', shippedAt: '2025-07-01T00:00:00.000Z', servicePartners: ['PARTNER-01'],
        identificationLink: 'http://localhost:8080/id/R100-0001',
      });
    });

    it('lists another account its own units only, a partner the units it serves, staff every unit', async () => {
      expect(serials((await get('/api/Units', otherCustomer)).json())).toEqual(['R100-0300']);
      expect(serials((await get('/api/Units', testUsers.partner)).json())).toEqual(['R100-0001']);
      expect(serials((await get('/api/Units', otherPartner)).json())).toEqual([]);
      expect(serials((await get('/api/Units', testUsers.employee)).json())).toEqual(['R100-0001', 'R100-0150', 'R100-0300']);
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ url: '/api/Units' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/Units/{serial}', () => {
    it('shows the documents that apply, current and as shipped, its own documents, software and CAD set', async () => {
      const response = await get('/api/Units/R100-0001');
      expect(response.statusCode).toBe(200);
      const unit = response.json();
      expect(unit.documents.map((document: { id: string }) => document.id)).toEqual(['man-en', 'viewonly']);
      expect(unit.documents[0]).toMatchObject({ current: { resourceVersion: 'C', published: true }, atShipment: { resourceVersion: 'B' } });
      expect(unit.documents[1].atShipment).toBeNull();
      expect(unit.ownDocuments.map((document: { id: string }) => document.id)).toEqual(['cert1']);
      expect(unit.software).toEqual([{
        equipmentName: 'R100FW', name: 'R100 firmware', category: 'firmware', newestVersion: { number: '2.0', releaseDate: '2025-05-01', status: 'current' },
        releaseNotes: { documentId: 'rn20', serviceRef: 'RN20', title: 'R100 firmware 2.0 release notes' },
      }]);
      expect(unit.cadSet).toEqual({ favoriteId: 'set:R100:floor,iso50', configurationId: 'R100/floor,iso50', title: 'Robot R100 · Floor · ISO 50', zipPath: 'cad/R100/floor,iso50' });
      expect(unit.notices).toEqual([]);
      expect(unit.offlinePackage).toMatchObject({ version: expect.stringMatching(/^en\.[0-9a-f]{16}$/), outdated: null });
    });

    it('matches option and serial-range rules and the version at an earlier ship date', async () => {
      const unit = (await get('/api/Units/R100-0150')).json();
      expect(unit.documents.map((document: { id: string }) => document.id)).toEqual(['ceil', 'man-en', 'range', 'viewonly']);
      expect(unit.documents[1]).toMatchObject({ current: { resourceVersion: 'C' }, atShipment: { resourceVersion: 'A' } });
      expect(unit.ownDocuments).toEqual([]);
    });

    it("lists the documents in the reader's language first, the others after in their order", async () => {
      expect((await send('PUT', '/api/Admin/units/applicability/man-fr', { rules: [{ product: 'R100' }] })).statusCode).toBe(200);
      const languages = async (language: string) =>
        (await get(`/api/Units/R100-0150?language=${language}`)).json().documents.map((document: { id: string; languageCode: string }) => [document.id, document.languageCode]);
      // Applying on its own too, the French manual still stands once: in place of its English variant for a French reader, first.
      expect(await languages('fr')).toEqual([['man-fr', 'fr'], ['ceil', 'en'], ['range', 'en'], ['viewonly', 'en']]);
      expect(await languages('en')).toEqual([['ceil', 'en'], ['man-en', 'en'], ['range', 'en'], ['viewonly', 'en']]);
      expect((await send('PUT', '/api/Admin/units/applicability/man-fr', { rules: [] })).statusCode).toBe(200);
    });

    it('marks a translation behind its source on the unit page, and a source as none', async () => {
      expect((await send('PUT', '/api/Admin/units/applicability/man-fr', { rules: [{ product: 'R100' }] })).statusCode).toBe(200);
      const follows = (followsRevision: string | null) =>
        t.db.updateTable('documents').set({ sourceLanguage: followsRevision && 'en', followsRevision }).where('id', '=', 'man-fr').execute();
      const documents = async (language: string) => (await get(`/api/Units/R100-0150?language=${language}`)).json().documents;
      await follows('A');
      expect((await documents('fr'))[0]).toMatchObject({
        id: 'man-fr', translation: { sourceLanguage: 'en', follows: 'A', sourceLatest: 'C', sourceDocumentId: 'man-en', behind: true },
      });
      expect((await documents('en')).find((document: { id: string }) => document.id === 'man-en')).toMatchObject({ translation: null });
      await follows('C');
      expect((await documents('fr'))[0]).toMatchObject({ id: 'man-fr', translation: { follows: 'C', behind: false } });
      await follows(null);
      expect((await documents('fr'))[0]).toMatchObject({ id: 'man-fr', translation: null });
      expect((await send('PUT', '/api/Admin/units/applicability/man-fr', { rules: [] })).statusCode).toBe(200);
    });

    it('keeps documents of other audiences off the page (the other account sees its own)', async () => {
      expect((await get('/api/Units/R100-0001')).json().documents.map((d: { id: string }) => d.id)).not.toContain('secret');
      expect((await get('/api/Units/R100-0300', otherCustomer)).json().documents.map((d: { id: string }) => d.id)).toContain('secret');
    });

    it('answers a unit the user may not see exactly like a serial that does not exist', async () => {
      const missing = await get('/api/Units/R100-9999');
      expect(missing.statusCode).toBe(404);
      for (const [user, serial] of [[otherCustomer, 'R100-0001'], [testUsers.partner, 'R100-0150'], [otherPartner, 'R100-0001'], [testUsers.customer, 'R100-0300']] as const) {
        const response = await get(`/api/Units/${serial}`, user);
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(missing.body);
      }
      expect((await get('/api/Units/R100-0001', testUsers.partner)).statusCode).toBe(200);
    });

    it('refuses a serial that cannot be one (400)', async () => {
      expect((await get('/api/Units/..%2Fetc')).statusCode).toBe(400);
    });
  });

  describe('notices', () => {
    it('shows a notice on the units in its range only, and not once closed', async () => {
      const created = await send('POST', '/api/Admin/units/notices', { kind: 'safety', title: 'Check the brake', body: 'Replace brake pads.', product: 'R100', serialFrom: 'R100-0100', serialTo: 'R100-0199' });
      expect(created.statusCode).toBe(201);
      const notice = created.json();
      expect((await get('/api/Units/R100-0150')).json().notices).toEqual([{ id: notice.id, kind: 'safety', title: 'Check the brake', body: 'Replace brake pads.', language: 'en', sourceLanguage: 'en', publishedAt: notice.publishedAt }]);
      expect((await get('/api/Units/R100-0001')).json().notices).toEqual([]);
      expect((await get('/api/Units/R100-0300', otherCustomer)).json().notices).toEqual([]);
      expect((await get('/api/Units')).json().items.map((item: { openNotices: number }) => item.openNotices)).toEqual([0, 1]);
      expect((await send('POST', `/api/Admin/units/notices/${notice.id}/close`, {})).statusCode).toBe(200);
      expect((await get('/api/Units/R100-0150')).json().notices).toEqual([]);
      expect((await send('POST', `/api/Admin/units/notices/${notice.id}/close`, {})).statusCode).toBe(404);
    });

    it('matches the options a notice names', async () => {
      const created = (await send('POST', '/api/Admin/units/notices', { kind: 'change', title: 'New flange bolts', product: 'R100', options: ['iso50'] })).json();
      expect((await get('/api/Units/R100-0001')).json().notices.map((n: { id: string }) => n.id)).toEqual([created.id]);
      expect((await get('/api/Units/R100-0150')).json().notices).toEqual([]);
      await send('POST', `/api/Admin/units/notices/${created.id}/close`, {});
    });

    it('refuses an unknown product (400) and customers (403)', async () => {
      expect((await send('POST', '/api/Admin/units/notices', { kind: 'safety', title: 'x', product: 'NOPE' })).statusCode).toBe(400);
      expect((await send('POST', '/api/Admin/units/notices', { kind: 'safety', title: 'x', product: 'R100' }, testUsers.customer)).statusCode).toBe(403);
      expect((await get('/api/Admin/units/notices', testUsers.partner)).statusCode).toBe(403);
      expect((await get('/api/Admin/units/notices', testUsers.admin)).json().length).toBeGreaterThan(0);
    });
  });

  describe('applicability', () => {
    it('reads and replaces where a document applies, listing every unknown product, option or unit', async () => {
      expect((await get('/api/Admin/units/applicability/range', testUsers.admin)).json()).toEqual({
        documentId: 'range', rules: [{ product: 'R100', option: null, serialFrom: 'R100-0100', serialTo: 'R100-0199' }], unit: null,
      });
      const bad = await send('PUT', '/api/Admin/units/applicability/range', { rules: [{ product: 'NOPE' }, { product: 'R100', option: 'wall' }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((detail: { path: string }) => detail.path)).toEqual(['rules.0.product', 'rules.1.option']);
      expect((await send('PUT', '/api/Admin/units/applicability/range', { unit: 'R100-9999' })).statusCode).toBe(400);
      expect((await send('PUT', '/api/Admin/units/applicability/range', { rules: [{ product: 'R100', serialFrom: 'B', serialTo: 'A' }] })).statusCode).toBe(400);
      expect((await send('PUT', '/api/Admin/units/applicability/nothing', { rules: [] })).statusCode).toBe(404);
      expect((await send('PUT', '/api/Admin/units/applicability/range', { rules: [] }, testUsers.customer)).statusCode).toBe(403);
      // Unchanged by the refused calls.
      expect((await get('/api/Units/R100-0150')).json().documents.map((d: { id: string }) => d.id)).toContain('range');
    });
  });

  describe('POST /api/Admin/units/import', () => {
    const csv = (...lines: string[]) => ['serialNumber,model,options,account,shippedAt,site,partners', ...lines].join('\n');

    it('imports the good lines and reports every problem with its line', async () => {
      const response = await send('POST', '/api/Admin/units/import', csv(
        'G20-0001,G20,,ACME-001,2025-01-31,,',
        'X-1,NOPE,,ACME-001,2025-01-01,,',
        'R100-0400,R100,wall|floor,ACME-001,2025-01-01,,',
        'R100-0401,R100,floor,ACME-001,2025-02-30,,',
        'R100-0001,R100,floor,ACME-001,2025-01-01,,',
        'R100-0402,R100,floor,ACME-001,2025-01-01,,',
        'R100-0402,R100,floor,ACME-001,2025-01-01,,',
        'bad serial!,R100,,ACME-001,2025-01-01,,',
      ), testUsers.admin, 'text/csv');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.imported).toBe(2);
      expect(body.problems).toEqual([
        { line: 3, serialNumber: 'X-1', message: 'model "NOPE" is not a known product' },
        { line: 4, serialNumber: 'R100-0400', message: 'option "wall" is not an option code of R100' },
        { line: 5, serialNumber: 'R100-0401', message: 'shippedAt "2025-02-30" is not a date (YYYY-MM-DD)' },
        { line: 6, serialNumber: 'R100-0001', message: 'serialNumber R100-0001 is a duplicate (already imported)' },
        { line: 8, serialNumber: 'R100-0402', message: 'serialNumber R100-0402 is a duplicate (earlier in this file)' },
        { line: 9, serialNumber: 'bad serial!', message: 'serialNumber "bad serial!" is not a serial number' },
      ]);
      expect(serials((await get('/api/Units', testUsers.employee)).json())).toEqual(expect.arrayContaining(['G20-0001', 'R100-0402']));
    });

    it('refuses a CSV without the required columns, a broken CSV, a body too large, and non-staff', async () => {
      expect((await send('POST', '/api/Admin/units/import', 'serialNumber,model\nA,R100', testUsers.admin, 'text/csv')).statusCode).toBe(400);
      expect((await send('POST', '/api/Admin/units/import', csv('"unclosed,R100,,A,2025-01-01,,'), testUsers.admin, 'text/csv')).statusCode).toBe(400);
      expect((await send('POST', '/api/Admin/units/import', 'x'.repeat(3 * 1024 * 1024), testUsers.admin, 'text/csv')).statusCode).toBe(413);
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
        expect((await send('POST', '/api/Admin/units/import', csv('Z-1,R100,,ACME-001,2025-01-01,,'), user, 'text/csv')).statusCode).toBe(403);
      }
    });
  });

  describe('GET /id/{serial}', () => {
    it('redirects to the unit page without a token, whether or not the serial exists', async () => {
      for (const serial of ['R100-0001', 'R100-9999']) {
        const response = await t.app.inject({ url: `/id/${serial}` });
        expect(response.statusCode).toBe(301);
        expect(response.headers.location).toBe(`/units/${serial}`);
      }
    });
  });
});
