import { describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { testUsers, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, unitFixturesApp } from './units.fixture.ts';

/*
 * GET /api/Units/{serial}/files/{versionId}: the versions the unit page lists, to view, print or save; and a
 * withdrawn version a unit relies on, which only those who may see that unit keep reading. The fixture's man-en
 * (A, B, C) applies to every R100: R100-0001 (ACME, shipped 2025-07-01) lists C and B (valid at shipment),
 * R100-0300 (GLOBEX, 2026-02-01) only C. Ten years: B is kept for R100-0001 until 2035-07-01.
 */

describe.each(await testDialects())('unit document files on %s', (dialect) => {
  const app = unitFixturesApp(dialect);
  const { get } = app;
  /** The bytes behind the signed URL the route answers (which needs no token). */
  const fileOf = async (url: string, user: TestUserInput = testUsers.customer) => app.t.app.inject({ url: (await get(url, user)).json().downloadUrl as string });

  it('hands out the listed versions inline or to save, records a saved one, and refuses what the page does not list', async () => {
    const inline = await fileOf('/api/Units/R100-0001/files/man-en-C');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    expect(inline.rawPayload.equals(app.bytes.get('man-en-C')!)).toBe(true);
    const saved = await fileOf('/api/Units/R100-0001/files/man-en-B?disposition=attachment');
    // Named after the title as readers get it, not as uploaded (man-en_B.pdf).
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="Title of man-en.pdf"/);
    expect(saved.rawPayload.equals(app.bytes.get('man-en-B')!)).toBe(true);
    const history = (await get('/api/Downloads/history?kind=document')).json();
    expect(history.items[0]).toMatchObject({ kind: 'document', itemRef: expect.any(String), versionLabel: 'B' });

    // A is older than the unit's shipment, man-fr is not on the page in English, secret is GLOBEX's, cert1 is another unit's.
    for (const versionId of ['man-en-A', 'man-fr-A', 'secret-A']) expect((await get(`/api/Units/R100-0001/files/${versionId}`)).json().error, versionId).toBe('versionNotFound');
    expect((await get('/api/Units/R100-0150/files/cert1-A')).statusCode).toBe(404);
    // The page in French lists the French variant.
    expect((await get('/api/Units/R100-0001/files/man-fr-A?language=fr')).statusCode).toBe(200);
    // View-only: to view, not to save.
    expect((await get('/api/Units/R100-0001/files/viewonly-A')).statusCode).toBe(200);
    expect((await get('/api/Units/R100-0001/files/viewonly-A?disposition=attachment')).statusCode).toBe(403);
    expect((await get('/api/Units/R100-0001/files/man-en-C?disposition=print')).statusCode).toBe(400);
    expect((await get('/api/Units/R100-0001/files/man-en-C', otherCustomer)).json()).toMatchObject({ error: 'unitNotFound' });
    expect((await app.t.app.inject({ url: '/api/Units/R100-0001/files/man-en-C' })).statusCode).toBe(401);
  });

  it("keeps a withdrawn version on its unit's page, readable by those who may see that unit only", async () => {
    const publisher = await app.t.authHeaders(testUsers.publisher);
    expect((await app.t.app.inject({ method: 'POST', url: '/api/Admin/documents/man-en/versions/man-en-B/unpublish', headers: publisher })).statusCode).toBe(200);

    const manual = (await get('/api/Units/R100-0001')).json().documents.find((document: { id: string }) => document.id === 'man-en');
    expect(manual.atShipment).toEqual({ versionId: 'man-en-B', resourceVersion: 'B', publishedAt: expect.any(String), fileName: 'Title of man-en.pdf', published: false, keptUntil: '2035-07-01' });
    expect(manual.current).toMatchObject({ resourceVersion: 'C', published: true, keptUntil: null });
    // The owner's account and the partner serving the unit.
    for (const user of [testUsers.customer, testUsers.partner]) {
      const file = await fileOf('/api/Units/R100-0001/files/man-en-B?disposition=attachment', user);
      expect(file.rawPayload.equals(app.bytes.get('man-en-B')!), user.sub).toBe(true);
    }

    // GLOBEX's unit shipped after C: B is not theirs, through the unit, through another's unit, or through the catalogue.
    expect((await get('/api/Units/R100-0300/files/man-en-B', otherCustomer)).json()).toMatchObject({ error: 'versionNotFound' });
    expect((await get('/api/Units/R100-0001/files/man-en-B', otherCustomer)).json()).toMatchObject({ error: 'unitNotFound' });
    const catalogue = await app.t.app.inject({ method: 'POST', url: '/api/Content/download?versionId=man-en-B', headers: await app.t.authHeaders(otherCustomer), payload: ['man-en'] });
    expect(catalogue.statusCode).toBe(404);

    const zip = readZip((await get('/api/Units/R100-0001/package')).rawPayload);
    const manifest = JSON.parse(zip.find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
    expect(manifest.files.find((file: { id: string; version: string }) => file.id === 'man-en' && file.version === 'B')).toMatchObject({ published: false, keptUntil: '2035-07-01' });
    const readme = zip.find((entry) => entry.name === 'README.txt')!.data.toString('utf8');
    // The day in the package's language (English here), as every date a person reads.
    expect(readme).toMatch(/withdrawn — kept for this machine until Jul\S* 1, 2035/);
    expect(zip.find((entry) => entry.name === 'index.html')!.data.toString('utf8')).toMatch(/withdrawn — kept for this machine until Jul\S* 1, 2035/);
  });
});
