import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppPair, testRedisUrl, type AppPair } from '../../test/app-pair.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, seedUnitFixtures } from './units.fixture.ts';

/*
 * What anyone may reach without a token (issue 25, item 3): the identification link's 301 and the
 * public page's data, which never tells whose a machine is, where it stands, how it is equipped or
 * what documents it has, and which a walker of the installed base cannot call more than 60 times a minute.
 */

describe.each(await testDialects())('identification link and public unit page on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAKER_NAME: 'Acme Robotics' });
    await seedUnitFixtures(t);
  });
  afterAll(() => t.close());

  /** Each test calls from an address of its own: the limit counts per address. */
  const from = (remoteAddress: string) => (url: string) => t.app.inject({ url, remoteAddress });

  it('answers /id/{serial} with a permanent redirect to the unit page, without a token, whether or not the serial exists', async () => {
    const get = from('192.0.2.1');
    for (const serial of ['R100-0001', 'R100-9999']) {
      const response = await get(`/id/${serial}`);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/units/${serial}`);
    }
    expect((await get('/id/..%2Fetc')).statusCode).toBe(400);
  });

  it("shows a signed-out visitor the serial, the maker and the model of another account's unit, and nothing else", async () => {
    const response = await from('192.0.2.2')('/public/units/R100-0300');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      serialNumber: 'R100-0300', identificationLink: 'http://localhost:8080/id/R100-0300', maker: 'Acme Robotics', model: { code: 'R100', name: 'Robot R100', pictureUrl: null }, declarations: [],
    });
    // The unit's owner, site, options and documents are in the database: none of them reaches the answer.
    for (const secret of [otherCustomer.account, 'floor', 'iso50', 'secret', 'man-en', 'Plant 1', 'ACME-001', 'PARTNER-01']) expect(response.body).not.toContain(secret);
    const owned = await from('192.0.2.2')('/public/units/R100-0001');
    expect(Object.keys(owned.json()).sort()).toEqual(['declarations', 'identificationLink', 'maker', 'model', 'serialNumber']);
    expect(owned.body).not.toContain('Plant 1');
  });

  it('answers an unknown serial with the same shape, without a model, and refuses what cannot be a serial', async () => {
    const get = from('192.0.2.3');
    const response = await get('/public/units/R100-9999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ serialNumber: 'R100-9999', identificationLink: 'http://localhost:8080/id/R100-9999', maker: 'Acme Robotics', model: null, declarations: [] });
    expect((await get('/public/units/bad%20serial!')).statusCode).toBe(400);
  });

  it('answers at most 60 requests a minute per address, then 429 with Retry-After; another address still gets through', async () => {
    const get = from('198.51.100.7');
    for (let call = 1; call <= 60; call++) {
      const response = await get(call % 2 ? '/public/units/R100-0001' : `/id/R100-${call}`);
      expect(response.statusCode, `call ${call}`).toBeLessThan(400);
    }
    const refused = await get('/public/units/R100-0001');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rateLimited', message: expect.stringContaining('at most 60 a minute') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/id/R100-0001')).statusCode).toBe(429);
    expect((await from('198.51.100.8')('/public/units/R100-0001')).statusCode).toBe(200);
  });
});

describe('public unit page limit in Redis', () => {
  let pair: AppPair;
  beforeAll(async () => {
    // API_RATE_LIMIT=0 turns the API's own limit off: the public routes keep theirs.
    pair = await createAppPair('sqlite', { REDIS_URL: testRedisUrl, API_RATE_LIMIT: '0' });
  });
  afterAll(() => pair.close());

  it('is one count per address across two API processes', async () => {
    for (let call = 0; call < 60; call++) {
      const app = call % 2 ? pair.one : pair.other;
      expect((await app.inject({ url: '/public/units/R100-0001', remoteAddress: '203.0.113.9' })).statusCode, `call ${call}`).toBe(200);
    }
    expect((await pair.one.inject({ url: '/public/units/R100-0001', remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
    expect((await pair.other.inject({ url: '/public/units/R100-0001', remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
    expect((await pair.other.inject({ url: '/public/units/R100-0001', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});
