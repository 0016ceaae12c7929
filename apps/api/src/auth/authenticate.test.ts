import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionKeyHeader } from '@portal/contracts/web-config';
import { createTestApp, signTestToken, testUsers, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { rawRequest } from './testing/raw-http.ts';

describe.each(await testDialects())('API authentication on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  const me = (authorization?: string) =>
    test.app.inject({ url: '/api/Me', headers: authorization === undefined ? {} : { authorization } });
  const sign = (overrides: { issuer?: string; audience?: string; expiresAt?: number } = {}) =>
    signTestToken(test.signingKey, { sub: 'u-1', email: 'u1@example.com', name: 'U One', roles: ['customer'] }, {
      issuer: test.config.oidcIssuer,
      audience: test.config.OIDC_AUDIENCE,
      ...overrides,
    });

  it('lets a good token reach /api/Me', async () => {
    const response = await me(`Bearer ${await sign()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sub: 'u-1', roles: ['customer'] });
  });

  it.each([
    ['no token', async () => undefined],
    ['an empty bearer', async () => 'Bearer '],
    ['another scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a malformed token', async () => 'Bearer not.a.jwt'],
    ['an expired token', async () => `Bearer ${await sign({ expiresAt: Math.floor(Date.now() / 1000) - 60 })}`],
    ['a token from another issuer', async () => `Bearer ${await sign({ issuer: 'https://evil.example.com/oidc' })}`],
    ['a token for another audience', async () => `Bearer ${await sign({ audience: 'portal-web' })}`],
  ])('answers 401 to %s', async (_label, header) => {
    const response = await me(await header());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'notAuthenticated', message: expect.any(String) });
  });

  it('answers 401 to a token signed by another key with the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = { ...(await exportJWK(privateKey)), kid: test.signingKey.kid };
    const token = await signTestToken(forged, { sub: 'u-1' }, { issuer: test.config.oidcIssuer, audience: test.config.OIDC_AUDIENCE });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 to a tampered payload', async () => {
    const [header, , signature] = (await sign()).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'u-1', roles: ['admin'], iss: test.config.oidcIssuer, aud: 'portal-api', exp: 9999999999 })).toString('base64url');
    expect((await me(`Bearer ${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('protects unknown /api paths too, and answers 404 once signed in', async () => {
    expect((await test.app.inject({ url: '/api/Nothing/here' })).statusCode).toBe(401);
    const signedIn = await test.app.inject({ url: '/api/Nothing/here', headers: await test.authHeaders(testUsers.customer) });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toMatchObject({ error: 'notFound' });
  });

  it('guards the /api route whatever spelling of the target reached it (escaped or absolute form)', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    for (const url of ['/%61pi/Me', '/a%70i/Me', '/%61%70%69/Me']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ error: 'notAuthenticated' });
      expect((await rawRequest(test.app, url)).status, url).toBe(401);
    }
    const absolute = await rawRequest(test.app, 'http://127.0.0.1/api/Me');
    expect(absolute.status).toBe(401);
    expect(JSON.parse(absolute.body)).toMatchObject({ error: 'notAuthenticated' });
    const signedIn = await rawRequest(test.app, 'http://127.0.0.1/%61pi/Me', await test.authHeaders(testUsers.customer));
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body)).toMatchObject({ sub: testUsers.customer.sub });
  });

  it('needs no token outside /api', async () => {
    for (const url of ['/healthz', '/app-config.json', '/sw.js', '/oidc/.well-known/openid-configuration']) {
      expect((await test.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

describe.each(await testDialects())('API subscription key on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { API_SUBSCRIPTION_KEY: 'sub-key-1' });
  });
  afterAll(() => test.close());

  const me = async (key?: string) =>
    test.app.inject({
      url: '/api/Me',
      headers: { ...(await test.authHeaders(testUsers.partner)), ...(key === undefined ? {} : { [subscriptionKeyHeader]: key }) },
    });

  it('refuses a missing or wrong key with 401, even with a good token', async () => {
    for (const key of [undefined, 'wrong', '']) {
      const response = await me(key);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain(subscriptionKeyHeader);
    }
  });

  it('asks for the key on escaped and absolute-form targets too', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await test.authHeaders(testUsers.partner);
    expect((await test.app.inject({ url: '/%61pi/Me', headers })).statusCode).toBe(401);
    expect((await rawRequest(test.app, 'http://127.0.0.1/api/Me', headers)).status).toBe(401);
    expect((await rawRequest(test.app, 'http://127.0.0.1/api/Me', { ...headers, [subscriptionKeyHeader]: 'sub-key-1' })).status).toBe(200);
  });

  it('accepts the configured key with a good token', async () => {
    expect((await me('sub-key-1')).statusCode).toBe(200);
  });

  it('hands the key to the web app', async () => {
    expect((await test.app.inject({ url: '/app-config.json' })).json()).toMatchObject({ subscriptionKey: 'sub-key-1' });
  });
});
