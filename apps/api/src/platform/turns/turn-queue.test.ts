import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
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
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  async function openSocket(port: number): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await new Promise((done) => socket.once('connect', done));
    return socket;
  }

  it('answers a health check read behind a crowd of busy requests before the crowd, not after it', async () => {
    const app = Fastify();
    await app.register(turnQueuePlugin, { perTurn: 4 });
    const answered: string[] = [];
    app.addHook('onResponse', async (request) => {
      answered.push(request.url);
    });
    app.get('/busy', async () => {
      // A millisecond of JavaScript, as an API request takes.
      const until = performance.now() + 2;
      while (performance.now() < until);
      return { ok: true };
    });
    app.get('/healthz', { config: { aheadOfQueue: true } }, async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      let accepted = 0;
      app.server.on('connection', () => accepted++);
      const crowd = await Promise.all(Array.from({ length: 60 }, () => openSocket(port)));
      const probe = await openSocket(port);
      while (accepted < 61) await new Promise((done) => setTimeout(done, 5));
      // Every request reaches the server before it reads any: the crowd first, the health check last.
      for (const socket of crowd) socket.write('GET /busy HTTP/1.1\r\nHost: x\r\n\r\n');
      probe.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((done) => setTimeout(done, 20));
      const deadline = Date.now() + 10_000;
      while (answered.length < 61 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 10));
      expect(answered).toHaveLength(61);
      // Without the queue the health check waits for all 60 (120 ms of work); with it, for one batch at most.
      expect(answered.indexOf('/healthz')).toBeLessThanOrEqual(4);
    } finally {
      await app.close();
    }
  });
});
