import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, otherPartner, seedUnitFixtures } from './units.fixture.ts';

describe.each(await testDialects())('unit console routes on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUserInput = testUsers.publisher) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const send = async (method: 'PATCH' | 'POST', url: string, payload: unknown, user: TestUserInput = testUsers.publisher) =>
    t.app.inject({ method, url, payload: payload as object, headers: await t.authHeaders(user) });
  const serials = (body: { items: Array<{ serialNumber: string }> }) => body.items.map((item) => item.serialNumber);
  // The edits of a unit (its import is audited too: unit-audit.routes.test.ts).
  const auditOf = (serial: string) =>
    t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'unit').where('objectId', '=', serial).where('action', '=', 'edit').orderBy('seq').execute();

  describe('GET /api/Admin/units', () => {
    it('pages every unit by serial with the total', async () => {
      const body = (await get('/api/Admin/units?pageSize=2')).json();
      expect(serials(body)).toEqual(['R100-0001', 'R100-0150']);
      expect(body.total).toBe(3);
      expect(serials((await get('/api/Admin/units?pageSize=2&page=2')).json())).toEqual(['R100-0300']);
    });

    it('searches serial, model and account, case-insensitively and literally', async () => {
      expect(serials((await get('/api/Admin/units?q=globex')).json())).toEqual(['R100-0300']);
      expect(serials((await get('/api/Admin/units?q=0150')).json())).toEqual(['R100-0150']);
      expect((await get('/api/Admin/units?q=r100')).json().total).toBe(3);
      expect((await get('/api/Admin/units?q=R100_0')).json().total).toBe(0);
    });

    it('is for publishers and admins only, and validates the paging', async () => {
      expect((await get('/api/Admin/units', testUsers.admin)).statusCode).toBe(200);
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) expect((await get('/api/Admin/units', user)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/Admin/units' })).statusCode).toBe(401);
      expect((await get('/api/Admin/units?pageSize=1000')).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/Admin/units/{serial}', () => {
    it('changes the unit, its visibility to partners and owner, and audits the change', async () => {
      const response = await send('PATCH', '/api/Admin/units/R100-0150', { options: ['floor', 'iso50'], shippedAt: '2025-04-02', siteName: 'Hall 3', servicePartners: ['PARTNER-02'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        serialNumber: 'R100-0150', options: [{ code: 'floor', label: 'Floor' }, { code: 'iso50', label: 'ISO 50' }],
        shippedAt: '2025-04-02T00:00:00.000Z', siteName: 'Hall 3', servicePartners: ['PARTNER-02'], account: 'ACME-001',
      });
      expect((await get('/api/Units/R100-0150', otherPartner)).statusCode).toBe(200);
      const [entry] = await auditOf('R100-0150');
      expect(entry).toMatchObject({ action: 'edit', actor: testUsers.publisher.email.toLowerCase() });
      expect(JSON.parse(entry!.before!)).toEqual({ options: ['ceiling', 'iso63'], shippedAt: '2025-03-01T00:00:00.000Z', siteName: null, servicePartners: [] });
      expect(JSON.parse(entry!.after!)).toEqual({ options: ['floor', 'iso50'], shippedAt: '2025-04-02T00:00:00.000Z', siteName: 'Hall 3', servicePartners: ['PARTNER-02'] });
    });

    it('moves a unit to another account: the old one no longer sees it', async () => {
      expect((await send('PATCH', '/api/Admin/units/R100-0150', { account: 'GLOBEX', siteName: null }, testUsers.admin)).statusCode).toBe(200);
      expect((await get('/api/Units/R100-0150', otherCustomer)).statusCode).toBe(200);
      expect((await get('/api/Units/R100-0150', testUsers.customer)).statusCode).toBe(404);
      expect((await get('/api/Units/R100-0150', otherPartner)).statusCode).toBe(200);
      const entries = await auditOf('R100-0150');
      expect(JSON.parse(entries.at(-1)!.after!)).toEqual({ account: 'GLOBEX', siteName: null });
    });

    it('writes no audit entry when nothing changes', async () => {
      const before = (await auditOf('R100-0300')).length;
      expect((await send('PATCH', '/api/Admin/units/R100-0300', { account: 'GLOBEX' })).statusCode).toBe(200);
      expect((await auditOf('R100-0300')).length).toBe(before);
    });

    it('reports every unknown product, option and impossible date (400) and changes nothing', async () => {
      const bad = await send('PATCH', '/api/Admin/units/R100-0001', { options: ['floor', 'turbo'], shippedAt: '2025-02-30' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((detail: { path: string }) => detail.path)).toEqual(['options.1', 'shippedAt']);
      expect((await send('PATCH', '/api/Admin/units/R100-0001', { model: 'NOPE' })).json().details).toEqual([{ path: 'model', message: '"NOPE" is not a known product' }]);
      // Another model keeps the unit's options only if they are that model's.
      expect((await send('PATCH', '/api/Admin/units/R100-0001', { model: 'G20' })).statusCode).toBe(400);
      expect((await send('PATCH', '/api/Admin/units/R100-0001', {})).statusCode).toBe(400);
      expect((await send('PATCH', '/api/Admin/units/R100-0001', { account: 'bad account' })).statusCode).toBe(400);
      expect((await send('PATCH', '/api/Admin/units/R100-0001', { color: 'red' })).statusCode).toBe(400);
      expect((await get('/api/Units/R100-0001', testUsers.customer)).json()).toMatchObject({ shippedAt: '2025-07-01T00:00:00.000Z', options: [{ code: 'floor' }, { code: 'iso50' }] });
      expect(await auditOf('R100-0001')).toEqual([]);
    });

    it('answers 404 for an unknown serial and 403 to everyone but publishers and admins', async () => {
      expect((await send('PATCH', '/api/Admin/units/R100-9999', { siteName: 'x' })).statusCode).toBe(404);
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
        expect((await send('PATCH', '/api/Admin/units/R100-0001', { siteName: 'x' }, user)).statusCode).toBe(403);
      }
    });
  });

  describe('notices notify the followers of the product who may see a unit in range', () => {
    const now = '2026-03-01T00:00:00.000Z';
    const follower = (user: AuthUser) => ({ id: user.sub, sub: user.sub, email: user.email, name: user.name, roles: JSON.stringify(user.roles), account: user.account, firstSeenAt: now, lastSeenAt: now });

    it('links each follower to the one matching unit they see, skips those who see none', async () => {
      const followers: AuthUser[] = [testUsers.customer, testUsers.partner, otherCustomer, testUsers.employee];
      await t.db.insertInto('users').values(followers.map(follower)).onConflict((conflict) => conflict.column('sub').doNothing()).execute();
      await t.db.insertInto('follows').values(followers.map((user) => ({ userSub: user.sub, kind: 'product' as const, itemId: 'R100', title: 'R100', createdAt: now }))).execute();

      // R100-0001 only (the customer's, served by the partner); R100-0300 (GLOBEX) is outside the range.
      const created = await send('POST', '/api/Admin/units/notices', { kind: 'safety', title: 'Check the brake', body: 'Replace pads.', product: 'R100', serialFrom: 'R100-0001', serialTo: 'R100-0100' });
      expect(created.statusCode).toBe(201);
      const rows = await t.db.selectFrom('notifications').selectAll().where('documentId', '=', created.json().id).orderBy('userSub').execute();
      const bySub = new Map(rows.map((row) => [row.userSub, row]));
      expect([...bySub.keys()].sort()).toEqual([testUsers.customer.sub, testUsers.employee.sub, testUsers.partner.sub].sort());
      expect(bySub.get(testUsers.customer.sub)).toMatchObject({ event: 'notice', title: 'Check the brake', changeNote: 'Replace pads.', versionLabel: 'safety', link: '/units/R100-0001', readAt: null });
      expect(bySub.get(testUsers.partner.sub)?.link).toBe('/units/R100-0001');

      const notifications = (await get('/api/Notifications', testUsers.customer)).json();
      expect(notifications.items[0]).toMatchObject({ event: 'notice', title: 'Check the brake', link: '/units/R100-0001' });

      // A notice on the whole product: staff see several units, so they land on the list.
      const wide = (await send('POST', '/api/Admin/units/notices', { kind: 'change', title: 'New grease', product: 'R100' })).json();
      const employee = await t.db.selectFrom('notifications').select('link').where('documentId', '=', wide.id).where('userSub', '=', testUsers.employee.sub).executeTakeFirstOrThrow();
      expect(employee.link).toBe('/units');
    });
  });
});
