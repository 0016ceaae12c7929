import type { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { livenessRefreshMs, watchLiveness } from './liveness.ts';
import { probeTimeoutMs } from './readiness.ts';

const dialects = await testDialects();
let testApp: TestApp | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await testApp?.close().catch(() => undefined);
  testApp = undefined;
});

/** A database probe whose answer the test sets, counting how often it is asked. */
function fakeDatabase() {
  const database = { up: true, asked: 0, probe: async () => (database.asked++, database.up) };
  return database;
}

describe('watchLiveness', () => {
  it('asks the database once for any number of probes, then once per refresh in the background', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const liveness = watchLiveness(database.probe);
    expect(database.asked).toBe(0);
    const answers = await Promise.all(Array.from({ length: 100 }, () => liveness.answers()));
    expect(answers.every(Boolean)).toBe(true);
    expect(database.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(livenessRefreshMs * 3);
    expect(database.asked).toBe(4);
    for (let probe = 0; probe < 10; probe++) expect(await liveness.answers()).toBe(true);
    expect(database.asked).toBe(4);
    liveness.stop();
  });

  it('reports a database that stops answering at the next refresh, and its return likewise', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const liveness = watchLiveness(database.probe);
    expect(await liveness.answers()).toBe(true);
    database.up = false;
    expect(await liveness.answers()).toBe(true);
    await vi.advanceTimersByTimeAsync(livenessRefreshMs);
    expect(await liveness.answers()).toBe(false);
    database.up = true;
    await vi.advanceTimersByTimeAsync(livenessRefreshMs);
    expect(await liveness.answers()).toBe(true);
    liveness.stop();
  });

  it('counts a check that hangs as down once the probe time-out has passed', async () => {
    vi.useFakeTimers();
    let hang = false;
    const liveness = watchLiveness(() => (hang ? new Promise<boolean>(() => undefined) : Promise.resolve(true)));
    expect(await liveness.answers()).toBe(true);
    hang = true;
    await vi.advanceTimersByTimeAsync(livenessRefreshMs + probeTimeoutMs - 1);
    expect(await liveness.answers()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await liveness.answers()).toBe(false);
    liveness.stop();
  });

  it('asks no more once stopped', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const liveness = watchLiveness(database.probe);
    await liveness.answers();
    liveness.stop();
    await vi.advanceTimersByTimeAsync(livenessRefreshMs * 5);
    expect(database.asked).toBe(1);
  });
});

describe.each(dialects)('/healthz on %s', (dialect) => {
  it('answers a crowd of probes from one database check, and reports the database gone within the refresh interval', async () => {
    testApp = await createTestApp(dialect);
    const { app } = testApp;
    const queries = vi.spyOn(app.db.getExecutor(), 'executeQuery');
    const healthChecks = () => queries.mock.calls.filter(([query]) => (query as CompiledQuery).sql === 'select 1').length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const probes = await Promise.all(Array.from({ length: 50 }, () => app.inject({ method: 'GET', url: '/healthz' })));
    expect(probes.map((probe) => probe.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(probes[49]!.json()).toEqual({ status: 'ok', demoContent: 'ready' });
    expect(healthChecks()).toBe(1);

    await testApp.db.destroy();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await vi.advanceTimersByTimeAsync(livenessRefreshMs);
    expect(healthChecks()).toBe(2);
    // The check's failure may take a real round trip (PostgreSQL's pool) before it is known.
    await vi.waitFor(async () => {
      const answer = await app.inject({ method: 'GET', url: '/healthz' });
      expect({ statusCode: answer.statusCode, body: answer.json(), cacheControl: answer.headers['cache-control'] }).toEqual({
        statusCode: 503,
        body: { status: 'unavailable' },
        cacheControl: 'no-store',
      });
    });
  });
});
