import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppPair, testRedisUrl, type AppPair } from '../../test/app-pair.ts';
import { testDialects } from '../../test/test-databases.ts';

const future = '2099-01-02T03:04:05.000Z';

describe.each(await testDialects())('maintenance across two API processes with REDIS_URL on %s', (dialect) => {
  let pair: AppPair;
  beforeAll(async () => {
    pair = await createAppPair(dialect, { REDIS_URL: testRedisUrl });
  });
  afterAll(() => pair.close());

  const otherStatus = async () => (await pair.other.inject({ url: '/api/Me' })).statusCode;

  it('switched on in one process, the other answers 418 at once instead of after its cache time', async () => {
    // 401 before: the other process has read and cached "no maintenance".
    expect(await otherStatus()).toBe(401);
    const switchedAt = Date.now();
    await pair.one.maintenance.set(future);
    // Well inside the five seconds the flag is cached for: only the message can have told it.
    await vi.waitFor(async () => expect(await otherStatus()).toBe(418), { timeout: 3_000, interval: 5 });
    expect(Date.now() - switchedAt).toBeLessThan(3_000);
    expect((await pair.other.inject({ url: '/api/Me' })).json()).toEqual({ data: future });

    await pair.other.maintenance.set(null);
    await vi.waitFor(async () => expect((await pair.one.inject({ url: '/api/Me' })).statusCode).toBe(401), { timeout: 3_000, interval: 5 });
  });
});
