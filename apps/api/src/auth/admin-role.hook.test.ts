import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../test/app-routes.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../test/test-app.ts';
import { consoleRolesOf } from './admin-role.hook.ts';

/* N4: every /api/Admin route checks the role before it validates anything, through the one hook. */

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const bodyless = new Set<Method>(['GET', 'HEAD', 'DELETE']);

describe('the console role hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  /** Every console route, called with parameters, query and body that fail its validation. */
  const badRequests = () =>
    appRoutes(t.app)
      .filter((route) => route.url.startsWith('/api/Admin'))
      .map((route) => ({
        method: route.method as Method,
        url: `${route.url.replace(/:[A-Za-z]+/g, '%00not%20valid')}?page=-1&pageSize=nope&asRole=nobody&from=yesterday`,
        route,
      }));
  const call = async ({ method, url }: { method: Method; url: string }, user?: TestUserInput) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? await t.authHeaders(user) : {}), ...(bodyless.has(method) ? {} : { 'content-type': 'application/json' }) },
      ...(bodyless.has(method) ? {} : { payload: '{"bogus": [1, 2, 3]}' }),
    });

  it('answers 403 (not 400) to a customer, partner and employee with bad parameters on every console route, 401 to nobody', async () => {
    const requests = badRequests();
    expect(requests.length).toBeGreaterThan(30);
    for (const request of requests) {
      for (const user of [testUsers.customer, testUsers.partner, testUsers.employee]) {
        const response = await call(request, user);
        expect(response.statusCode, `${request.method} ${request.route.url} as ${user.roles[0]}`).toBe(403);
        if (request.method === 'HEAD') continue;
        expect(response.json(), `${request.method} ${request.route.url}`).toMatchObject({ error: 'forbidden' });
        expect(response.body).not.toMatch(/invalidParameters|details/);
      }
      expect((await call(request)).statusCode, `${request.method} ${request.route.url} signed out`).toBe(401);
    }
  });

  it('keeps the audit log, maintenance and the outbox from publishers, before validation too', async () => {
    const adminOnly = badRequests().filter((request) => consoleRolesOf(request.route.url)?.join() === 'admin');
    expect(adminOnly.map((request) => request.route.url)).toEqual(expect.arrayContaining(['/api/Admin/audit', '/api/Admin/maintenance', '/api/Admin/outbox']));
    for (const request of adminOnly) expect((await call(request, testUsers.publisher)).statusCode, `${request.method} ${request.route.url}`).toBe(403);
  });

  it('lets staff through to validation (the role was the only reason for the 403)', async () => {
    const publisher = await t.authHeaders(testUsers.publisher);
    for (const url of ['/api/Admin/preview/search?asRole=nobody', '/api/Admin/imports?page=-1', '/api/Admin/units?pageSize=1000']) {
      const customer = await t.app.inject({ url, headers: await t.authHeaders(testUsers.customer) });
      expect(customer.statusCode, url).toBe(403);
      const staff = await t.app.inject({ url, headers: publisher });
      expect(staff.statusCode, url).toBe(400);
    }
    const audit = await t.app.inject({ url: '/api/Admin/audit?pageSize=0', headers: await t.authHeaders(testUsers.admin) });
    expect(audit.statusCode).toBe(400);
  });

  it('places each URL: publishing roles for the console, admin for its admin parts, nothing elsewhere', () => {
    expect(consoleRolesOf('/api/Admin/documents/:id')).toEqual(['publisher', 'admin']);
    expect(consoleRolesOf('/api/Admin/audit/verify')).toEqual(['admin']);
    expect(consoleRolesOf('/api/Admin/auditors')).toEqual(['publisher', 'admin']);
    expect(consoleRolesOf('/api/AdminX')).toBeUndefined();
    expect(consoleRolesOf('/api/Content/search')).toBeUndefined();
  });
});
