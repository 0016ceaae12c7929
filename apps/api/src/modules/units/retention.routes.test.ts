import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { insertDocument } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { runRetentionCheck } from './retention.service.ts';
import { otherCustomer, seedUnitFixtures } from './units.fixture.ts';

/*
 * The ten-years rule through the routes. The fixture's manual man-en (A 2025-01-01, B 2025-06-01, C 2026-01-01)
 * applies to every R100: R100-0150 shipped 2025-03-01 relies on A, B, C; R100-0001 (ACME) 2025-07-01 on B, C;
 * R100-0300 (GLOBEX) 2026-02-01 on C only. Ten years each: A 2035-03-01, B 2035-07-01, C 2036-02-01.
 */

describe.each(await testDialects())('retention of shipped units\' documents on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUserInput = testUsers.publisher, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...(await t.authHeaders(user)), 'user-agent': 'retention-test' }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const retainedUntil = async (documentId: string) => {
    const response = await call('GET', `/api/Admin/documents/${documentId}`);
    expect(response.statusCode).toBe(200);
    return Object.fromEntries((response.json().versions as Array<{ resourceVersion: string; retainedUntil: string | null }>).map((v) => [v.resourceVersion, v.retainedUntil]));
  };
  const addVersion = async (documentId: string, resourceVersion: string, publishedAt: string) => {
    const stored = await storeFile(t.app.storage, { fileName: `${documentId}_${resourceVersion}.pdf`, content: `%PDF-1.4 ${documentId} ${resourceVersion}`, mediaType: 'application/pdf' });
    await t.db.insertInto('document_versions').values({
      id: `${documentId}-${resourceVersion}`, documentId, resourceVersion, fileName: stored.fileName, size: stored.size, mediaType: stored.mediaType, sha256: stored.sha256,
      storageKey: stored.storageKey, publishedAt, pageCount: null, thumbnailKey: null, previewPdfKey: null, posterKey: null, previewError: null, createdAt: publishedAt,
    }).execute();
  };
  const deleteEntries = (documentId: string) =>
    t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'document').where('objectId', '=', documentId).where('action', '=', 'delete').orderBy('seq').execute();

  it('shows each version\'s retention end in the console: ten years after the last unit relying on it shipped', async () => {
    expect(await retainedUntil('man-en')).toEqual({ C: '2036-02-01', B: '2035-07-01', A: '2035-03-01' });
    expect(await retainedUntil('cert1')).toEqual({ A: '2035-07-01' });
    expect(await retainedUntil('rn20')).toEqual({ A: null });
  });

  it('refuses to delete a retained version with 409 naming the date, and audits the refusal', async () => {
    const response = await call('DELETE', '/api/Admin/documents/man-en/versions/man-en-B');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'referencedByUnits', message: expect.stringContaining('until 2035-07-01') });
    const [entry, ...more] = await deleteEntries('man-en');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: testUsers.publisher.email.toLowerCase(), userAgent: 'retention-test' });
    expect(JSON.parse(entry!.after!)).toEqual({ refused: 'referencedByUnits', retainedUntil: '2035-07-01' });
    expect((await retainedUntil('man-en')).B).toBe('2035-07-01');
  });

  it('deletes a version no unit relies on (superseded before any unit shipped), audited', async () => {
    await addVersion('man-en', 'Z', '2024-06-01T09:00:00.000Z');
    expect((await retainedUntil('man-en')).Z).toBeNull();
    const response = await call('DELETE', '/api/Admin/documents/man-en/versions/man-en-Z');
    expect(response.statusCode).toBe(200);
    expect(response.json().versions.map((v: { resourceVersion: string }) => v.resourceVersion)).toEqual(['C', 'B', 'A']);
    const entries = await deleteEntries('man-en');
    expect(JSON.parse(entries.at(-1)!.before!)).toMatchObject({ version: { id: 'man-en-Z' } });
    expect((await call('DELETE', '/api/Admin/documents/man-en/versions/man-en-Z')).statusCode).toBe(404);
    // A document of no unit: any version but its last may go.
    await addVersion('rn20', 'B', '2025-08-01T00:00:00.000Z');
    expect((await call('DELETE', '/api/Admin/documents/rn20/versions/rn20-A')).statusCode).toBe(200);
    expect((await call('DELETE', '/api/Admin/documents/rn20/versions/rn20-B')).statusCode).toBe(409);
    expect((await call('DELETE', '/api/Admin/documents/man-en/versions/man-en-A', testUsers.customer)).statusCode).toBe(403);
  });

  it('lets a retained version be withdrawn; its units\' owners still read it from the unit page and the package, nobody else', async () => {
    expect((await call('POST', '/api/Admin/documents/man-en/versions/man-en-B/unpublish')).statusCode).toBe(200);
    const page = (await call('GET', '/api/Units/R100-0001', testUsers.customer)).json();
    const manual = page.documents.find((document: { id: string }) => document.id === 'man-en');
    expect(manual.current).toMatchObject({ resourceVersion: 'C', published: true });
    expect(manual.atShipment).toMatchObject({ versionId: 'man-en-B', resourceVersion: 'B', published: false });
    const zip = await call('GET', '/api/Units/R100-0001/package', testUsers.customer);
    expect(zip.statusCode).toBe(200);
    const manifest = JSON.parse(readZip(zip.rawPayload).find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
    expect(manifest.files.filter((file: { id: string }) => file.id === 'man-en').map((file: { version: string }) => file.version)).toEqual(['C', 'B']);
    // GLOBEX's unit shipped after C: B is not theirs.
    const globex = (await call('GET', '/api/Units/R100-0300', otherCustomer)).json();
    expect(globex.documents.find((document: { id: string }) => document.id === 'man-en')).toMatchObject({ current: { resourceVersion: 'C' }, atShipment: null });
  });

  it('keeps a wholly withdrawn retained document\'s versions on its units\' pages', async () => {
    for (const version of ['man-en-A', 'man-en-C']) expect((await call('POST', `/api/Admin/documents/man-en/versions/${version}/unpublish`)).statusCode).toBe(200);
    const manual = (await call('GET', '/api/Units/R100-0001', testUsers.customer)).json().documents.find((document: { id: string }) => document.id === 'man-en');
    expect(manual).toMatchObject({ current: { resourceVersion: 'C', published: false }, atShipment: { resourceVersion: 'B', published: false } });
    // Withdrawing the whole document is allowed too: each owner keeps exactly what their unit relies on.
    expect((await call('POST', '/api/Admin/documents/man-en/unpublish')).statusCode).toBe(200);
    const again = (await call('GET', '/api/Units/R100-0001', testUsers.customer)).json().documents.find((document: { id: string }) => document.id === 'man-en');
    expect(again).toMatchObject({ current: { resourceVersion: 'C' }, atShipment: { resourceVersion: 'B' } });
    const globex = (await call('GET', '/api/Units/R100-0300', otherCustomer)).json().documents.find((document: { id: string }) => document.id === 'man-en');
    expect(globex).toMatchObject({ current: { resourceVersion: 'C', published: false }, atShipment: null });
    const zip = await call('GET', '/api/Units/R100-0300/package', otherCustomer);
    const manifest = JSON.parse(readZip(zip.rawPayload).find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
    expect(manifest.files.filter((file: { id: string }) => file.id === 'man-en').map((file: { version: string }) => file.version)).toEqual(['C']);
    // The same document is gone from the catalogue for readers without a unit relying on it.
    expect((await call('GET', '/api/Content/documentData?documentId=man-en', otherCustomer)).statusCode).toBe(404);
  });

  it('validates a product\'s lifetime and takes it into the retention end', async () => {
    for (const lifetimeYears of [0, -3, 101, 2.5, 'ten']) {
      const response = await call('PATCH', '/api/Admin/products/R100', testUsers.publisher, { lifetimeYears });
      expect(response.statusCode, String(lifetimeYears)).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: 'body.lifetimeYears' });
    }
    expect((await call('PATCH', '/api/Admin/products/R100', testUsers.publisher, { lifetimeYears: 0 })).json().details[0].message).toContain('at least 1');
    expect((await call('PATCH', '/api/Admin/products/NOPE', testUsers.publisher, { lifetimeYears: 12 })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/Admin/products/R100', testUsers.customer, { lifetimeYears: 12 })).statusCode).toBe(403);
    expect((await call('GET', '/api/Admin/products')).json().items).toContainEqual({ code: 'R100', name: 'Robot R100', family: 'robots', lifetimeYears: 10 });

    const changed = await call('PATCH', '/api/Admin/products/R100', testUsers.publisher, { lifetimeYears: 12 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'R100', lifetimeYears: 12 });
    expect(await retainedUntil('man-en')).toEqual({ C: '2038-02-01', B: '2037-07-01', A: '2037-03-01' });
    const audit = await t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'product').where('objectId', '=', 'R100').execute();
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.before!), JSON.parse(entry.after!)])).toEqual([['edit', { lifetimeYears: 10 }, { lifetimeYears: 12 }]]);
    // Shorter than ten years: the ten years still hold.
    expect((await call('PATCH', '/api/Admin/products/R100', testUsers.publisher, { lifetimeYears: 3 })).statusCode).toBe(200);
    expect((await retainedUntil('man-en')).C).toBe('2036-02-01');
    await call('PATCH', '/api/Admin/products/R100', testUsers.publisher, { lifetimeYears: 10 });
  });

  it('lists the versions whose retention ends within 90 days, in the route and the nightly job', async () => {
    const now = new Date();
    const shipped = new Date(Date.UTC(now.getUTCFullYear() - 10, now.getUTCMonth(), now.getUTCDate() + 30)).toISOString().slice(0, 10);
    const csv = `serialNumber,model,options,account,shippedAt,site,partners\nR100-OLD,R100,floor|iso50,ACME-001,${shipped},,\n`;
    const imported = await t.app.inject({ method: 'POST', url: '/api/Admin/units/import', headers: { ...(await t.authHeaders(testUsers.admin)), 'content-type': 'text/csv' }, payload: csv });
    expect(imported.json()).toMatchObject({ imported: 1 });
    await insertDocument(t.db, { id: 'oldcert', serviceRef: 'OLDCERT', typeCode: 'datasheet', versions: [{ resourceVersion: 'A', publishedAt: '2016-01-01T00:00:00.000Z' }] });
    const put = await t.app.inject({ method: 'PUT', url: '/api/Admin/units/applicability/oldcert', headers: await t.authHeaders(testUsers.admin), payload: { unit: 'R100-OLD' } });
    expect(put.statusCode).toBe(200);

    const until = `${Number(shipped.slice(0, 4)) + 10}${shipped.slice(4)}`;
    const soon = await call('GET', '/api/Admin/retention/expiring?days=90');
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toEqual({
      days: 90, total: 1,
      items: [{ documentId: 'oldcert', serviceRef: 'OLDCERT', title: expect.any(String), versionId: 'oldcert-A', resourceVersion: 'A', status: 'published', retainedUntil: until }],
    });
    expect((await call('GET', '/api/Admin/retention/expiring?days=7')).json()).toMatchObject({ total: 0, items: [] });
    expect((await call('GET', '/api/Admin/retention/expiring?days=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/Admin/retention/expiring', testUsers.customer)).statusCode).toBe(403);

    const logged: Array<{ details: object; message: string }> = [];
    const result = await runRetentionCheck(t.db, { info: (details, message) => logged.push({ details, message }) }, now);
    expect(result.items.map((item) => item.versionId)).toEqual(['oldcert-A']);
    expect(logged).toEqual([{ details: { days: 90, total: 1, versions: [`OLDCERT-A until ${until}`] }, message: 'document versions whose retention ends soon' }]);
    const next = await t.db.selectFrom('jobs').select(['kind', 'runAfter']).where('kind', '=', 'units.retention-expiring').execute();
    expect(next.length).toBeGreaterThan(0);
  });
});
