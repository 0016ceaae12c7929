import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signTestToken, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { rawRequest } from '../../auth/testing/raw-http.ts';
import { createMaintenanceRepository } from './maintenance.repository.ts';

const future = '2099-01-02T03:04:05.000Z';

describe.each(await testDialects())('maintenance from MAINTENANCE_UNTIL on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { MAINTENANCE_UNTIL: future });
  });
  afterAll(() => test.close());

  it('answers every /api call with 418 and the end time, before any token check', async () => {
    for (const headers of [{}, { authorization: 'Bearer expired.or.garbage' }, await test.authHeaders(testUsers.customer)]) {
      const response = await test.app.inject({ url: '/api/Me', headers });
      expect(response.statusCode).toBe(418);
      expect(response.json()).toEqual({ data: future });
    }
    expect((await test.app.inject({ method: 'POST', url: '/api/Content/download' })).statusCode).toBe(418);
  });

  it('lets staff (employees, publishers, admins) work in the console and read the portal while customers and partners get 418', async () => {
    for (const staff of [testUsers.employee, testUsers.publisher, testUsers.admin]) {
      const headers = await test.authHeaders(staff);
      for (const url of ['/api/Me', '/api/Content/search?q=manual', '/api/Maintenance']) {
        const response = await test.app.inject({ url, headers });
        expect(response.statusCode, `${staff.roles.join()} ${url}`).toBe(200);
      }
      // Their banner's answer: maintenance is on until then.
      expect((await test.app.inject({ url: '/api/Maintenance', headers })).json()).toEqual({ activeUntil: future });
    }
    // The console as far as each one's roles reach: the content routes for publishers and admins, not for an employee.
    for (const staff of [testUsers.publisher, testUsers.admin]) {
      expect((await test.app.inject({ url: '/api/Admin/imports', headers: await test.authHeaders(staff) })).statusCode, staff.roles.join()).toBe(200);
    }
    expect((await test.app.inject({ url: '/api/Admin/imports', headers: await test.authHeaders(testUsers.employee) })).statusCode).toBe(403);
    // An admin's own console pages (admin alone) stay open too; a publisher still needs the admin role for them.
    expect((await test.app.inject({ url: '/api/Admin/audit', headers: await test.authHeaders(testUsers.admin) })).statusCode).toBe(200);
    expect((await test.app.inject({ url: '/api/Admin/audit', headers: await test.authHeaders(testUsers.publisher) })).statusCode).toBe(403);
    for (const user of [testUsers.customer, testUsers.partner]) {
      for (const url of ['/api/Content/search?q=manual', '/api/Maintenance']) {
        const response = await test.app.inject({ url, headers: await test.authHeaders(user) });
        expect(response.statusCode, `${user.roles.join()} ${url}`).toBe(418);
        expect(response.json()).toEqual({ data: future });
      }
    }
  });

  it('keeps 418 for a staff token it cannot trust: expired, or signed by someone else', async () => {
    const { sub, email, name, roles, account } = testUsers.admin;
    const expired = await signTestToken(test.signingKey, { sub, email, name, roles, account }, {
      issuer: test.config.oidcIssuer,
      audience: test.config.OIDC_AUDIENCE,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    const forged = `${expired.split('.').slice(0, 2).join('.')}.c2lnbmVkLWJ5LXNvbWVvbmUtZWxzZQ`;
    for (const token of [expired, forged]) {
      const response = await test.app.inject({ url: '/api/Admin/imports', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(418);
      expect(response.json()).toEqual({ data: future });
    }
  });

  it('answers 418 to escaped and absolute-form targets of /api routes too', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await test.authHeaders(testUsers.customer);
    for (const url of ['/%61pi/Me', '/a%70i/Me']) {
      const response = await test.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(418);
      expect(response.json()).toEqual({ data: future });
    }
    const absolute = await rawRequest(test.app, 'http://127.0.0.1/api/Me', headers);
    expect(absolute.status).toBe(418);
    expect(JSON.parse(absolute.body)).toEqual({ data: future });
  });

  it('leaves health, sign-in and the web config alone', async () => {
    for (const url of ['/healthz', '/oidc/.well-known/openid-configuration', '/app-config.json']) {
      expect((await test.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

describe.each(await testDialects())('maintenance from the settings row on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { MAINTENANCE_UNTIL: '2001-01-01T00:00:00Z' });
  });
  afterAll(() => test.close());

  const me = async () => test.app.inject({ url: '/api/Me', headers: await test.authHeaders(testUsers.partner) });

  it('is off for a past MAINTENANCE_UNTIL, on while the row holds a future time, off again when removed', async () => {
    const repository = createMaintenanceRepository(test.db);
    expect((await me()).statusCode).toBe(200);

    await repository.writeUntil(future, new Date().toISOString());
    test.app.maintenance.invalidate();
    const during = await me();
    expect(during.statusCode).toBe(418);
    expect(during.json()).toEqual({ data: future });
    expect((await test.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await repository.writeUntil(null, new Date().toISOString());
    test.app.maintenance.invalidate();
    expect((await me()).statusCode).toBe(200);
  });

  it('tells staff alone whether maintenance is on: null while it is off, 403 for customers and partners', async () => {
    const notice = async (user: (typeof testUsers)[keyof typeof testUsers]) => test.app.inject({ url: '/api/Maintenance', headers: await test.authHeaders(user) });
    for (const user of [testUsers.employee, testUsers.publisher, testUsers.admin]) expect((await notice(user)).json(), user.roles.join()).toEqual({ activeUntil: null });
    for (const user of [testUsers.customer, testUsers.partner]) expect((await notice(user)).statusCode, user.roles.join()).toBe(403);
    expect((await test.app.inject({ url: '/api/Maintenance' })).statusCode).toBe(401);
  });
});
