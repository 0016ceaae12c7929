import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readinessSchema } from '@portal/contracts/health';
import { startS3rver, type S3rverTestServer } from '../../platform/storage/s3rver-test-server.ts';
import { answerOrder } from '../../test/request-crowd.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { answersWithin } from './readiness.ts';

const dialects = await testDialects();
/** Fastify publishes here as a route's handler starts. */
const handlerStart = 'tracing:fastify.request.handler:start';
let testApp: TestApp | undefined;
let s3: S3rverTestServer | undefined;

afterEach(async () => {
  await testApp?.close().catch(() => undefined);
  await s3?.close();
  testApp = undefined;
  s3 = undefined;
});

async function readyz(app: TestApp['app']) {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: response.statusCode, body: readinessSchema.parse(response.json()), cacheControl: response.headers['cache-control'] };
}

describe.each(dialects)('/readyz on %s', (dialect) => {
  it('answers 200 ready without a token when the database and the local storage answer', async () => {
    testApp = await createTestApp(dialect);
    const answer = await readyz(testApp.app);
    expect(answer).toEqual({ statusCode: 200, body: { status: 'ready', checks: { database: 'up', redis: 'off', storage: 'up' } }, cacheControl: 'no-store' });
  });

  it('answers 503 with the database down once its handle is gone, and /healthz stays as it was', async () => {
    testApp = await createTestApp(dialect);
    await testApp.db.destroy();
    const answer = await readyz(testApp.app);
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'off', storage: 'up' } });
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'unavailable' });
  });
});

describe('/readyz', () => {
  it('answers 503 with the storage down when the files folder cannot be used', async () => {
    testApp = await createTestApp('sqlite');
    const filesDir = join(testApp.config.dataDir, 'files');
    await rm(filesDir, { recursive: true, force: true });
    await writeFile(filesDir, 'not a folder');
    const answer = await readyz(testApp.app);
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'off', storage: 'down' } });
  });

  it('checks Redis when REDIS_URL is set: up on a running server', async () => {
    testApp = await createTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:6379' });
    const redis = testApp.app.redis!;
    if (redis.status !== 'ready') await once(redis, 'ready');
    expect(await readyz(testApp.app)).toMatchObject({ statusCode: 200, body: { status: 'ready', checks: { redis: 'up' } } });
  });

  it('answers 503 quickly with Redis down when REDIS_URL points to a closed port', async () => {
    testApp = await createTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const answer = await readyz(testApp.app);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down', storage: 'up' } });
  });

  it('checks the S3 bucket: up on a real S3 server, down when the bucket does not exist', async () => {
    s3 = await startS3rver();
    const { endpoint, accessKeyId, secretAccessKey } = s3.storageOptions;
    const s3Env = { S3_ENDPOINT: endpoint!, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: 'us-east-1' };
    testApp = await createTestApp('sqlite', { ...s3Env, S3_BUCKET: 'portal' });
    expect(await readyz(testApp.app)).toMatchObject({ statusCode: 200, body: { checks: { storage: 'up' } } });
    await testApp.close();
    testApp = await createTestApp('sqlite', { ...s3Env, S3_BUCKET: 'no-such-bucket' });
    expect(await readyz(testApp.app)).toMatchObject({ statusCode: 503, body: { status: 'unavailable', checks: { storage: 'down' } } });
  });

  it('answers 503 draining once the process started draining, whatever the backends say', async () => {
    testApp = await createTestApp('sqlite');
    testApp.app.startDraining();
    expect(await readyz(testApp.app)).toEqual({ statusCode: 503, body: { status: 'draining' }, cacheControl: 'no-store' });
  });

  it('is not held up by maintenance mode', async () => {
    testApp = await createTestApp('sqlite', { MAINTENANCE_UNTIL: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await readyz(testApp.app)).statusCode).toBe(200);
  });
});

describe('answersWithin', () => {
  it('gives up on a probe that never answers after the timeout', async () => {
    const started = Date.now();
    expect(await answersWithin(() => new Promise<boolean>(() => undefined), 100)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('counts a probe that throws as down and passes a prompt answer through', async () => {
    expect(await answersWithin(() => Promise.reject(new Error('refused')), 1000)).toBe(false);
    expect(await answersWithin(() => Promise.resolve(true), 1000)).toBe(true);
  });
});

describe('health checks under a crowd', () => {
  /** How many of the crowd's answers the server had sent when the handler of `url` started. */
  function crowdAnsweredWhenHandlerStarts(server: Server, url: string): { count: () => number | undefined; stop: () => void } {
    let finished = 0;
    let atStart: number | undefined;
    const countFinished = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url !== url) response.once('finish', () => finished++);
    };
    const noteStart = (message: unknown) => {
      if ((message as { request: { url: string } }).request.url === url) atStart ??= finished;
    };
    server.on('request', countFinished);
    subscribe(handlerStart, noteStart);
    return {
      count: () => atStart,
      stop: () => {
        server.off('request', countFinished);
        unsubscribe(handlerStart, noteStart);
      },
    };
  }

  it('/healthz and /readyz start ahead of the API requests read before them, and /healthz answers ahead of them', async () => {
    testApp = await createTestApp('sqlite');
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const crowd = Array.from({ length: 60 }, () => '/api/Me');
    for (const check of ['/healthz', '/readyz']) {
      const started = crowdAnsweredWhenHandlerStarts(testApp.app.server, check);
      const answered = await answerOrder(testApp.app.server, crowd, check).finally(started.stop);
      expect(answered).toHaveLength(61);
      // Without the turns the check is read last and starts once all 60 are answered; with them, before the first batch.
      expect(started.count()).toBeLessThanOrEqual(8);
      // /readyz then waits for its storage probe in the thread pool, whose pace is the machine's: only /healthz's answer has a bound.
      if (check === '/healthz') expect(answered.indexOf(check)).toBeLessThan(16);
    }
  });
});
