import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

describe.each(await testDialects())('maintenance switch (PUT /api/Admin/maintenance) on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    admin = await t.authHeaders(testUsers.admin);
  });
  afterAll(() => t.close());

  const put = (until: unknown, headers = admin) => t.app.inject({ method: 'PUT', url: '/api/Admin/maintenance', headers: { ...headers, 'user-agent': 'ops-console' }, payload: { until } });

  it('lets an admin switch maintenance on and, while customers get 418 and staff keep working, off again; each change is audited', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const on = await put(until);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ until, activeUntil: until });
    const customer = await t.app.inject({ url: '/api/Me', headers: await t.authHeaders(testUsers.customer) });
    expect([customer.statusCode, customer.json()]).toEqual([418, { data: until }]);
    expect((await t.app.inject({ url: '/api/Me', headers: admin })).statusCode).toBe(200);
    const publisherDuring = await put(null, await t.authHeaders(testUsers.publisher));
    expect(publisherDuring.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Admin/maintenance', payload: { until: null } })).statusCode).toBe(401);

    const off = await put(null);
    expect(off.json()).toEqual({ until: null, activeUntil: null });
    expect((await t.app.inject({ url: '/api/Me', headers: admin })).statusCode).toBe(200);

    const { entries } = (await t.app.inject({ url: '/api/Admin/audit?action=maintenance', headers: admin })).json();
    expect(entries).toEqual([
      expect.objectContaining({ actor: 'admin@demo.example', roles: ['admin', 'employee'], userAgent: 'ops-console', object: { kind: 'maintenance', id: 'portal' }, before: { until }, after: { until: null } }),
      expect.objectContaining({ before: { until: null }, after: { until } }),
    ]);
  });

  it('refuses a past or malformed end with 400, changing nothing', async () => {
    for (const until of ['2020-01-01T00:00:00Z', 'tomorrow', 5, undefined]) {
      const response = await put(until);
      expect(response.statusCode, String(until)).toBe(400);
      expect(response.json().error).toBe('invalidParameters');
    }
    expect((await t.app.inject({ url: '/api/Admin/maintenance', headers: admin })).json()).toEqual({ until: null, activeUntil: null });
    expect((await t.app.inject({ url: '/api/Admin/audit?action=maintenance', headers: admin })).json().entries).toHaveLength(2);
  });
});
