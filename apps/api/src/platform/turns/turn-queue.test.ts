import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerOrder } from '../../test/request-crowd.ts';
import { TurnQueue } from './turn-queue.ts';
import { turnQueuePlugin } from './turn-queue.plugin.ts';

const nextTurn = () => new Promise((done) => setImmediate(done));

describe('TurnQueue', () => {
  it('starts callers in arrival order, at most perTurn per turn of the event loop', async () => {
    const queue = new TurnQueue(3);
    const started: number[] = [];
    const all = Array.from({ length: 7 }, (_, i) => queue.next().then(() => started.push(i)));
    expect(queue.length).toBe(7);
    const seen: number[] = [];
    for (let turn = 0; turn < 4; turn++) {
      await nextTurn();
      seen.push(started.length);
    }
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual([3, 6, 7, 7]);
    expect(queue.length).toBe(0);
  });

  it('refuses a batch size that is not a positive integer', () => {
    expect(() => new TurnQueue(0)).toThrow();
    expect(() => new TurnQueue(1.5)).toThrow();
  });
});

describe('turnQueuePlugin', () => {
  it('answers a health check read behind a crowd of busy requests before the crowd, not after it', async () => {
    const app = Fastify();
    await app.register(turnQueuePlugin, { perTurn: 4 });
    app.get('/busy', async () => {
      // Two milliseconds of JavaScript, as a heavy API request takes.
      const until = performance.now() + 2;
      while (performance.now() < until);
      return { ok: true };
    });
    app.get('/healthz', { config: { aheadOfQueue: true } }, async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answered = await answerOrder(app.server, Array.from({ length: 60 }, () => '/busy'), '/healthz');
      expect(answered).toHaveLength(61);
      // Without the queue the health check waits for all 60 (120 ms of work); with it, for a batch or two.
      expect(answered.indexOf('/healthz')).toBeLessThanOrEqual(12);
    } finally {
      await app.close();
    }
  });
});
