import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
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
});
