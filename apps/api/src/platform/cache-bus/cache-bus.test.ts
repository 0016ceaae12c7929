import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceOnce, createLocalCacheBus, createRedisCacheBus, type CacheBus } from './cache-bus.ts';

const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('local cache bus', () => {
  it('runs the handlers of the published topic only, until they unsubscribe', async () => {
    const bus = createLocalCacheBus();
    const maintenance = vi.fn();
    const other = vi.fn();
    const unsubscribe = bus.subscribe('maintenance', maintenance);
    bus.subscribe('search', other);
    await bus.publish('maintenance');
    expect(maintenance).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
    await bus.publish('maintenance');
    expect(maintenance).toHaveBeenCalledTimes(1);
  });
});

describe('Redis cache bus', () => {
  const opened: Array<CacheBus | Redis> = [];
  const open = async (keyPrefix: string) => {
    const bus = await createRedisCacheBus({ redisUrl: testRedisUrl, keyPrefix });
    opened.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((item) => (item instanceof Redis ? item.quit() : item.close())));
  });

  it('reaches the other processes under the same prefix, runs the publisher once, and not other portals', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [one, other, foreign] = await Promise.all([open(prefix), open(prefix), open(`test-${randomUUID()}:`)]);
    const [onOne, onOther, onForeign] = [vi.fn(), vi.fn(), vi.fn()];
    one.subscribe('maintenance', onOne);
    other.subscribe('maintenance', onOther);
    foreign.subscribe('maintenance', onForeign);

    await one.publish('maintenance');
    expect(onOne).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onOther).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 10 });
    // Its own message comes back through Redis too, before anything published later: once a later
    // message from the other process arrived, the echo has been seen and must not have run the handler again.
    const marker = vi.fn();
    one.subscribe('marker', marker);
    await other.publish('marker');
    await vi.waitFor(() => expect(marker).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 10 });
    expect(onOne).toHaveBeenCalledTimes(1);
    expect(onForeign).not.toHaveBeenCalled();
  });

  it('ignores messages on its channel that it did not write', async () => {
    const prefix = `test-${randomUUID()}:`;
    const bus = await open(prefix);
    const handler = vi.fn();
    bus.subscribe('maintenance', handler);
    const raw = new Redis(testRedisUrl);
    opened.push(raw);
    for (const message of ['maintenance', '', '\n', `x\n${'m'.repeat(400)}maintenance`]) await raw.publish(`${prefix}cache-invalidation`, message);
    await raw.publish(`${prefix}cache-invalidation`, 'someone\nmaintenance');
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 10 });
  });

  it('announces once for a command that exits, and the running processes hear it', async () => {
    const prefix = `test-${randomUUID()}:`;
    const bus = await open(prefix);
    const handler = vi.fn();
    bus.subscribe('content', handler);
    await announceOnce({ redisUrl: testRedisUrl, keyPrefix: prefix }, 'content');
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 10 });
  });
});
