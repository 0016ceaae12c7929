import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { documentWithFiles, otherCustomer, seedUnitFixtures, type StoredBytes } from './units.fixture.ts';

/*
 * The EU declaration of conformity on the unit page, the public page and in the offline package. Besides the
 * shared fixture: doc-en (A 2025-01-01, B 2026-01-10) for every R100 and its German variant doc-de, a declaration
 * restricted to GLOBEX, and a view-only one. R100-0001 (ACME) shipped 2025-07-01: its declaration is doc-en A.
 */

describe.each(await testDialects())('declaration of conformity on %s', (dialect) => {
  let t: TestApp;
  let bytes: StoredBytes;

  beforeAll(async () => {
    t = await createTestApp(dialect, { MAKER_NAME: 'Acme Robotics' });
    bytes = await seedUnitFixtures(t);
    const declaration = { typeCode: 'declarationOfConformity', variantGroup: 'doc' };
    await documentWithFiles(t, bytes, { id: 'doc-en', ...declaration, title: 'EU declaration of conformity R100', versions: [
      { resourceVersion: 'A', publishedAt: '2025-01-01T09:00:00.000Z' }, { resourceVersion: 'B', publishedAt: '2026-01-10T09:00:00.000Z' },
    ] });
    await documentWithFiles(t, bytes, { id: 'doc-de', ...declaration, languageCode: 'de', title: 'EU-Konformitätserklärung R100', versions: [{ resourceVersion: 'A', publishedAt: '2025-01-02T09:00:00.000Z' }] });
    await documentWithFiles(t, bytes, {
      id: 'doc-globex', typeCode: 'declarationOfConformity', audience: 'restricted', rules: [{ kind: 'account', value: 'GLOBEX' }],
      versions: [{ resourceVersion: 'A', publishedAt: '2025-01-01T09:00:00.000Z' }],
    });
    await documentWithFiles(t, bytes, { id: 'doc-view', typeCode: 'declarationOfConformity', downloadable: 0, versions: [{ resourceVersion: 'A', publishedAt: '2025-01-01T09:00:00.000Z' }] });
    const admin = await t.authHeaders(testUsers.admin);
    for (const documentId of ['doc-en', 'doc-globex', 'doc-view']) {
      const response = await t.app.inject({ method: 'PUT', url: `/api/Admin/units/applicability/${documentId}`, headers: admin, payload: { rules: [{ product: 'R100' }] } });
      expect(response.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUserInput = testUsers.customer) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const from = (remoteAddress: string) => (url: string) => t.app.inject({ url, remoteAddress });
  const ids = (documents: Array<{ id: string; languageCode: string }>) => documents.map((document) => `${document.id}:${document.languageCode}`);

  it("lists the unit's declarations on its page in the page's language, another language where none exists", async () => {
    const english = (await get('/api/Units/R100-0001?language=en')).json();
    expect(ids(english.declarations)).toEqual(['doc-en:en', 'doc-view:en']);
    expect(english.declarations[0]).toMatchObject({
      title: 'EU declaration of conformity R100', typeCode: 'declarationOfConformity', downloadable: true,
      current: { resourceVersion: 'B', published: true, keptUntil: null }, atShipment: { resourceVersion: 'A' },
    });
    expect(english.documents.map((document: { id: string }) => document.id)).toContain('doc-en');
    expect(ids((await get('/api/Units/R100-0001?language=de')).json().declarations)).toEqual(['doc-de:de', 'doc-view:en']);
    expect(ids((await get('/api/Units/R100-0001?language=fr')).json().declarations)).toEqual(['doc-en:en', 'doc-view:en']);
    // The restricted declaration is GLOBEX's to read only.
    expect(ids((await get('/api/Units/R100-0300?language=en', otherCustomer)).json().declarations)).toEqual(['doc-en:en', 'doc-globex:en', 'doc-view:en']);
  });

  it('shows a signed-out visitor the declaration anyone may read, in their language, and no other document', async () => {
    const get = from('192.0.2.20');
    const response = await get('/public/units/R100-0001?language=de');
    expect(response.statusCode).toBe(200);
    expect(response.json().declarations).toEqual([{
      title: 'EU-Konformitätserklärung R100', languageCode: 'de', resourceVersion: 'A', publishedAt: '2025-01-02T09:00:00.000Z', fileName: 'EU-Konformitätserklärung R100.pdf',
      href: '/public/units/R100-0001/declarations/DOCDE?language=de',
    }]);
    // In English the one current when the unit shipped (A, not B); Italian falls back to the English one.
    expect((await get('/public/units/R100-0001')).json().declarations).toMatchObject([{ languageCode: 'en', resourceVersion: 'A', href: '/public/units/R100-0001/declarations/DOCEN?language=en' }]);
    expect((await get('/public/units/R100-0001?language=it')).json().declarations).toMatchObject([{ languageCode: 'en', href: expect.stringContaining('DOCEN?language=it') }]);
    for (const secret of ['DOCGLOBEX', 'DOCVIEW', 'MANEN', 'ACME-001', 'Plant 1', 'floor']) expect(response.body).not.toContain(secret);
    const unknown = (await get('/public/units/R100-9999?language=de')).json();
    expect(unknown).toMatchObject({ model: null, declarations: [] });
    expect((await get('/public/units/R100-0001?language=<b>')).statusCode).toBe(400);
  });

  it('serves the declaration itself without a token, inline or to save, and answers anything else like an unknown serial', async () => {
    const get = from('192.0.2.21');
    const redirect = await get('/public/units/R100-0001/declarations/DOCEN?language=en');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const file = await get(String(redirect.headers.location));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(bytes.get('doc-en-A')!)).toBe(true);
    const saved = await get(String((await get('/public/units/R100-0001/declarations/DOCDE?language=de&download=1')).headers.location));
    expect(saved.headers['content-disposition']).toBe(`attachment; filename="EU-Konformit_tserkl_rung R100.pdf"; filename*=UTF-8''${encodeURIComponent('EU-Konformitätserklärung R100.pdf')}`);
    expect(saved.rawPayload.equals(bytes.get('doc-de-A')!)).toBe(true);

    const unknown = await get('/public/units/R100-9999/declarations/DOCEN?language=en');
    expect(unknown.statusCode).toBe(404);
    // Another document of the unit, a declaration for some accounts only, a view-only one, a variant of another language: all the same 404.
    for (const url of [
      '/public/units/R100-0001/declarations/MANEN?language=en', '/public/units/R100-0001/declarations/DOCGLOBEX?language=en',
      '/public/units/R100-0300/declarations/DOCVIEW?language=en', '/public/units/R100-0001/declarations/DOCDE?language=en',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(unknown.body);
    }
    expect((await get('/public/units/R100-0001/declarations/..%2Fx')).statusCode).toBe(400);
  });

  it('counts declaration downloads in the public limit of 60 a minute per address', async () => {
    const get = from('198.51.100.30');
    for (let call = 1; call <= 60; call++) {
      const response = await get(call % 2 ? '/public/units/R100-0001' : '/public/units/R100-0001/declarations/DOCEN?language=en');
      expect(response.statusCode, `call ${call}`).toBeLessThan(400);
    }
    const refused = await get('/public/units/R100-0001/declarations/DOCEN?language=en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rateLimited' });
    expect((await get('/public/units/R100-0001')).statusCode).toBe(429);
    expect((await from('198.51.100.31')('/public/units/R100-0001/declarations/DOCEN?language=en')).statusCode).toBe(302);
  });

  it('packs the declaration first, in the package language, and README.txt names the unit, the maker and every file', async () => {
    // The view-only declaration stays out, like any view-only document; the current version and the one valid at shipment are in.
    const headings = { en: 'EU declaration of conformity', de: 'EU-Konformitätserklärung' };
    for (const [language, expected] of [['en', ['doc-en:B', 'doc-en:A']], ['de', ['doc-de:A']]] as const) {
      const response = await get(`/api/Units/R100-0001/package?language=${language}`);
      expect(response.statusCode).toBe(200);
      const entries = readZip(response.rawPayload);
      const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
      const declarations = manifest.files.filter((file: { type: string }) => file.type === 'declaration');
      expect(declarations.map((file: { id: string; version: string }) => `${file.id}:${file.version}`)).toEqual(expected);
      const path = declarations[0].path as string;
      expect(path.startsWith('declaration/')).toBe(true);
      expect(entries.find((entry) => entry.name === path)).toBeDefined();
      const readme = entries.find((entry) => entry.name === 'README.txt')!.data.toString('utf8');
      expect(readme).toContain('Serial number:  R100-0001');
      expect(readme).toContain('Maker:          Acme Robotics');
      expect(readme).toContain('index.html');
      expect(readme).toContain('http://localhost:8080/id/R100-0001');
      for (const file of manifest.files as Array<{ path: string }>) expect(readme).toContain(file.path);
      expect(entries.find((entry) => entry.name === 'index.html')!.data.toString('utf8')).toContain(`<h2>${headings[language]}</h2>`);
    }
  });
});
