import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppPair, testRedisUrl, type AppPair } from '../test/app-pair.ts';
import { createTestApp, testUsers, type TestApp } from '../test/test-app.ts';

describe('API rate limit in memory', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite', { API_RATE_LIMIT: '3', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
  });
  afterAll(() => test.close());

  it('answers the fourth call of a user in a minute with 429, the error shape and Retry-After', async () => {
    const headers = await test.authHeaders(testUsers.customer);
    for (let call = 1; call <= 3; call += 1) {
      const response = await test.app.inject({ url: '/api/Me', headers });
      expect(response.statusCode, `call ${call}`).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(3 - call));
    }
    const refused = await test.app.inject({ url: '/api/Me', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rateLimited', message: expect.stringContaining('Try again in') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts each user on their own, by the verified subject, never by a claim a forged token makes', async () => {
    const partner = await test.authHeaders(testUsers.partner);
    expect((await test.app.inject({ url: '/api/Me', headers: partner })).statusCode).toBe(200);
    // The partner's own token with a broken signature: a limit keyed on unverified claims would spend the partner's count.
    const forged = { authorization: `${partner.authorization.slice(0, -4)}abcd` };
    for (let call = 0; call < 5; call += 1) expect((await test.app.inject({ url: '/api/Me', headers: forged })).statusCode).toBe(401);
    expect((await test.app.inject({ url: '/api/Me', headers: partner })).statusCode).toBe(200);
  });

  it('counts the identification link asked by a machine (a bearer token outside /api) like an API call', async () => {
    const headers = { ...(await test.authHeaders(testUsers.employee)), accept: 'application/aas+json' };
    for (let call = 1; call <= 3; call += 1) expect((await test.app.inject({ url: '/id/NO-SUCH-UNIT', headers })).statusCode, `call ${call}`).toBe(404);
    expect((await test.app.inject({ url: '/id/NO-SUCH-UNIT', headers })).statusCode).toBe(429);
  });

  it('leaves health, sign-in, files and the web app alone', async () => {
    for (const url of ['/healthz', '/oidc/.well-known/openid-configuration', '/app-config.json']) {
      for (let call = 0; call < 5; call += 1) expect((await test.app.inject({ url })).statusCode, url).toBe(200);
    }
    for (let call = 0; call < 5; call += 1) expect((await test.app.inject({ url: '/files/not-a-token' })).statusCode).not.toBe(429);
  });
});

describe('API rate limit turned off', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite', { API_RATE_LIMIT: '0', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
  });
  afterAll(() => test.close());

  it('never answers 429 with API_RATE_LIMIT=0', async () => {
    const headers = await test.authHeaders(testUsers.customer);
    for (let call = 0; call < 20; call += 1) expect((await test.app.inject({ url: '/api/Me', headers })).statusCode).toBe(200);
  });
});

describe('API rate limit in Redis', () => {
  let pair: AppPair;
  beforeAll(async () => {
    pair = await createAppPair('sqlite', { REDIS_URL: testRedisUrl, API_RATE_LIMIT: '3' });
  });
  afterAll(() => pair.close());

  it('is one count for a user across two API processes', async () => {
    const headers = await pair.authHeaders('shared-user');
    expect((await pair.one.inject({ url: '/api/Me', headers })).statusCode).toBe(200);
    expect((await pair.other.inject({ url: '/api/Me', headers })).statusCode).toBe(200);
    expect((await pair.one.inject({ url: '/api/Me', headers })).statusCode).toBe(200);
    const refused = await pair.other.inject({ url: '/api/Me', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rateLimited' });
    expect((await pair.other.inject({ url: '/api/Me', headers: await pair.authHeaders('someone-else') })).statusCode).toBe(200);
  });
});
