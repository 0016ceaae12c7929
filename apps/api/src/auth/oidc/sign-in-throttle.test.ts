import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSignInThrottle, waitText, type SignInThrottleOptions } from './sign-in-throttle.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
/** Every key of this file starts with it, and is removed at the end. */
const testPrefix = `test-sign-in-${randomUUID()}`;
afterAll(async () => {
  const keys = await redis.keys(`${testPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const stores: Array<[string, () => SignInThrottleOptions]> = [
  ['memory', () => ({})],
  ['Redis', () => ({ redis, keyPrefix: `${testPrefix}-${randomUUID()}` })],
];

describe.each(stores)('sign-in throttling in %s', (_store, options) => {
  const attempt = (email: string, address = '192.0.2.1') => ({ email, address });

  it('locks an account after five wrong passwords, for a period that doubles', async () => {
    const throttle = createSignInThrottle(options());
    for (let failure = 1; failure <= 4; failure++) expect(await throttle.recordFailure(attempt('a@example.com'))).toBe(0);
    expect(await throttle.waitSeconds(attempt('a@example.com'))).toBe(0);
    expect(await throttle.recordFailure(attempt('a@example.com'))).toBe(30);
    const wait = await throttle.waitSeconds(attempt(' A@Example.com ', '198.51.100.7'));
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await throttle.recordFailure(attempt('a@example.com'))).toBe(60);
    expect(await throttle.recordFailure(attempt('a@example.com'))).toBe(120);
    // Another account from another address is not affected.
    expect(await throttle.waitSeconds(attempt('b@example.com', '198.51.100.8'))).toBe(0);
  });

  it('locks an address after twenty wrong passwords over any accounts', async () => {
    const throttle = createSignInThrottle(options());
    for (let failure = 1; failure < 20; failure++) expect(await throttle.recordFailure(attempt(`user${failure}@example.com`, '203.0.113.5'))).toBe(0);
    expect(await throttle.recordFailure(attempt('user20@example.com', '203.0.113.5'))).toBe(30);
    expect(await throttle.waitSeconds(attempt('fresh@example.com', '203.0.113.5'))).toBeGreaterThan(0);
    expect(await throttle.waitSeconds(attempt('fresh@example.com', '203.0.113.6'))).toBe(0);
  });

  it('forgets an account’s failures after a good password', async () => {
    const throttle = createSignInThrottle(options());
    for (let failure = 1; failure <= 4; failure++) await throttle.recordFailure(attempt('c@example.com'));
    await throttle.recordSuccess(attempt('c@example.com'));
    expect(await throttle.recordFailure(attempt('c@example.com'))).toBe(0);
  });

  it('lifts the lock when its period is over', async () => {
    const throttle = createSignInThrottle({ ...options(), account: { freeFailures: 1, firstLockSeconds: 1, maxLockSeconds: 2, windowSeconds: 60 } });
    expect(await throttle.recordFailure(attempt('d@example.com'))).toBe(1);
    expect(await throttle.waitSeconds(attempt('d@example.com'))).toBe(1);
    await vi.waitFor(async () => expect(await throttle.waitSeconds(attempt('d@example.com'))).toBe(0), { timeout: 3000, interval: 100 });
  });
});

it('keeps its counts in Redis, shared by every server', async () => {
  const keyPrefix = `${testPrefix}-${randomUUID()}`;
  const one = createSignInThrottle({ redis, keyPrefix });
  const other = createSignInThrottle({ redis, keyPrefix });
  for (let failure = 1; failure <= 5; failure++) await (failure % 2 ? one : other).recordFailure({ email: 'e@example.com', address: '192.0.2.9' });
  expect(await other.waitSeconds({ email: 'e@example.com', address: '192.0.2.10' })).toBeGreaterThan(0);
  expect(await redis.keys(`${keyPrefix}*`)).not.toHaveLength(0);
  expect((await redis.keys(`${keyPrefix}*`)).join(' ')).not.toContain('e@example.com');
});

it('words the wait for people', () => {
  expect(waitText(1)).toBe('1 second');
  expect(waitText(30)).toBe('30 seconds');
  expect(waitText(60)).toBe('1 minute');
  expect(waitText(61)).toBe('2 minutes');
});
