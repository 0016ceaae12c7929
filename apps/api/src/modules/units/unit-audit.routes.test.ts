import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { seedUnitFixtures } from './units.fixture.ts';

/* N1: the units CSV import, the applicability setting and safety notices each leave one audit entry with their actor. */

describe.each(await testDialects())('units console audit on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const send = async (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as string, headers: { ...(await t.authHeaders(testUsers.publisher)), 'user-agent': 'console-test', ...headers } });
  const entries = (objectKind: string, objectId: string) =>
    t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', objectKind).where('objectId', '=', objectId).orderBy('seq').execute();
  const json = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

  it('audits each imported unit as `import` with its access grants and who imported it', async () => {
    const csv = 'serialNumber,model,options,account,shippedAt,site,partners\nR100-0900,R100,floor,ACME-001,2026-01-02,Plant 9,PARTNER-01|PARTNER-02\nR100-0901,NOPE,,ACME-001,2026-01-02,,\n';
    const response = await send('POST', '/api/Admin/units/import', csv, { 'content-type': 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1 });
    const [entry, ...more] = await entries('unit', 'R100-0900');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'import', actor: testUsers.publisher.email.toLowerCase(), actorSub: testUsers.publisher.sub, userAgent: 'console-test' });
    expect(json(entry!.after)).toEqual({
      model: 'R100', options: ['floor'], account: 'ACME-001', partners: ['PARTNER-01', 'PARTNER-02'], shippedAt: '2026-01-02T00:00:00.000Z', siteName: 'Plant 9',
    });
    // The refused line changed nothing and left no entry.
    expect(await entries('unit', 'R100-0901')).toEqual([]);
  });

  it('audits the applicability setting with the rules before and after', async () => {
    const response = await send('PUT', '/api/Admin/units/applicability/range', { rules: [{ product: 'R100', serialFrom: 'R100-0100', serialTo: 'R100-0500' }] });
    expect(response.statusCode).toBe(200);
    const entry = (await entries('document', 'range')).filter((row) => row.action === 'applicability').at(-1);
    expect(entry).toMatchObject({ actor: testUsers.publisher.email.toLowerCase() });
    expect(json(entry!.before)).toEqual({ rules: [{ product: 'R100', option: null, serialFrom: 'R100-0100', serialTo: 'R100-0199' }], unit: null });
    expect(json(entry!.after)).toEqual({ rules: [{ product: 'R100', option: null, serialFrom: 'R100-0100', serialTo: 'R100-0500' }], unit: null });
  });

  it('writes no entry for an applicability refused as invalid', async () => {
    const before = (await entries('document', 'range')).length;
    expect((await send('PUT', '/api/Admin/units/applicability/range', { rules: [{ product: 'NOPE' }] })).statusCode).toBe(400);
    expect(await entries('document', 'range')).toHaveLength(before);
  });

  it('audits creating a notice as `publish` and closing it as `unpublish`', async () => {
    const created = await send('POST', '/api/Admin/units/notices', { kind: 'safety', title: 'Check the brake', body: 'Replace pads.', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0100' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const closed = await t.app.inject({ method: 'POST', url: `/api/Admin/units/notices/${id}/close`, headers: await t.authHeaders(testUsers.admin) });
    expect(closed.statusCode).toBe(200);
    const [publish, unpublish, ...more] = await entries('notice', id);
    expect(more).toEqual([]);
    expect(publish).toMatchObject({ action: 'publish', actor: testUsers.publisher.email.toLowerCase() });
    expect(json(publish!.after)).toMatchObject({ kind: 'safety', title: 'Check the brake', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0100' });
    expect(unpublish).toMatchObject({ action: 'unpublish', actor: testUsers.admin.email.toLowerCase() });
    expect(json(unpublish!.after)).toMatchObject({ title: 'Check the brake', closedAt: expect.any(String) });
    // Closing again is a 404 and no second entry.
    expect((await t.app.inject({ method: 'POST', url: `/api/Admin/units/notices/${id}/close`, headers: await t.authHeaders(testUsers.admin) })).statusCode).toBe(404);
    expect(await entries('notice', id)).toHaveLength(2);
  });

  it('keeps the chain intact after all of it', async () => {
    expect((await t.app.inject({ url: '/api/Admin/audit/verify', headers: await t.authHeaders(testUsers.admin) })).json()).toMatchObject({ intact: true });
  });
});
