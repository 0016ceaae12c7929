import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { JobRunner, PermanentJobError, type JobHandler } from './job-runner.ts';
import { claimJobs, countJobs, enqueueJob } from './job.repository.ts';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe.each(await testDialects())('job runner on %s', (dialect) => {
  let handle: TestDatabase;
  let runner: JobRunner | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
  });
  afterAll(() => handle.destroy());
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await handle.db.deleteFrom('jobs').execute();
  });

  const start = (handlers: Record<string, JobHandler>, concurrency = 2) => {
    runner = new JobRunner({ db: handle.db, handlers, log: silentLog, concurrency, retryBaseMs: 10, pollIntervalMs: 50 });
    return runner.start();
  };
  const statuses = async () => countJobs(handle.db);

  it('enqueues a dedupe key once', async () => {
    expect(await enqueueJob(handle.db, { kind: 'thumbnail', payload: { versionId: 'v1' }, dedupeKey: 'thumbnail:v1' })).toBe(true);
    expect(await enqueueJob(handle.db, { kind: 'thumbnail', payload: { versionId: 'v1' }, dedupeKey: 'thumbnail:v1' })).toBe(false);
    expect(await statuses()).toEqual({ queued: 1 });
  });

  it('runs every job, never more at once than the concurrency', async () => {
    let running = 0;
    let peak = 0;
    const seen: unknown[] = [];
    for (let index = 0; index < 7; index += 1) await enqueueJob(handle.db, { kind: 'work', payload: { index } });
    await start({
      work: async (payload) => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(40);
        seen.push(payload);
        running -= 1;
      },
    });
    await waitFor(async () => (await statuses()).done === 7);
    expect(peak).toBe(2);
    expect(seen).toHaveLength(7);
  });

  it('retries a failing job with backoff, then records the last error when attempts run out', async () => {
    let flakyCalls = 0;
    await enqueueJob(handle.db, { kind: 'flaky', payload: null });
    await enqueueJob(handle.db, { kind: 'broken', payload: null });
    await enqueueJob(handle.db, { kind: 'refused', payload: null });
    await start({
      flaky: async () => {
        flakyCalls += 1;
        if (flakyCalls < 3) throw new Error(`flaky failure ${flakyCalls}`);
      },
      broken: async () => {
        throw new Error('always broken');
      },
      refused: async () => {
        throw new PermanentJobError('bad payload');
      },
    });
    await waitFor(async () => {
      const counts = await statuses();
      return counts.done === 1 && counts.failed === 2;
    });
    const jobs = await handle.db.selectFrom('jobs').select(['kind', 'status', 'attempts', 'lastError']).orderBy('kind').execute();
    expect(jobs).toEqual([
      { kind: 'broken', status: 'failed', attempts: 3, lastError: 'always broken' },
      { kind: 'flaky', status: 'done', attempts: 3, lastError: null },
      { kind: 'refused', status: 'failed', attempts: 1, lastError: 'bad payload' },
    ]);
  });

  it('fails a job of an unknown kind without retrying', async () => {
    await enqueueJob(handle.db, { kind: 'mystery', payload: null });
    await start({});
    await waitFor(async () => (await statuses()).failed === 1);
    const job = await handle.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.lastError).toBe('no handler for job kind "mystery"');
  });

  it('resumes jobs a killed process left running, and gives up on one that used all its attempts', async () => {
    await enqueueJob(handle.db, { kind: 'work', payload: { n: 1 } });
    await enqueueJob(handle.db, { kind: 'work', payload: { n: 2 } });
    await enqueueJob(handle.db, { kind: 'work', payload: { n: 3 } });
    // A previous process claimed all three, then died; the third was on its last attempt.
    const claimed = await claimJobs(handle.db, 'dead-host:1', 3);
    expect(claimed).toHaveLength(3);
    const longAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await handle.db.updateTable('jobs').set({ lockedAt: longAgo }).execute();
    const lastAttempt = claimed.find((job) => job.payload === '{"n":3}');
    await handle.db.updateTable('jobs').set({ attempts: 3 }).where('id', '=', lastAttempt?.id ?? '').execute();

    const done: unknown[] = [];
    await start({ work: async (payload) => void done.push(payload) });
    await waitFor(async () => (await statuses()).done === 2);
    expect(done).toHaveLength(2);
    expect(await statuses()).toEqual({ done: 2, failed: 1 });
  });

  it('takes back at once, lease or not, a job of a process of this host that is gone (a restart)', async () => {
    await enqueueJob(handle.db, { kind: 'work', payload: null });
    const exitedPid = spawnSync(process.execPath, ['-e', '']).pid;
    await claimJobs(handle.db, `${hostname()}:${exitedPid}:0badc0de`, 1);
    await start({ work: async () => undefined });
    await waitFor(async () => (await statuses()).done === 1, 2_000);
  });

  it('takes over a job of a runner on another host once its lease expires, while running, without a restart', async () => {
    await enqueueJob(handle.db, { kind: 'work', payload: null });
    // Another host claimed it just now; this one cannot see that host's processes, only the lease.
    await claimJobs(handle.db, 'other-host:4242:0badc0de', 1);
    const claimedAt = Date.now();
    let ranAt = 0;
    runner = new JobRunner({ db: handle.db, handlers: { work: async () => void (ranAt = Date.now()) }, log: silentLog, concurrency: 1, pollIntervalMs: 50, leaseMs: 600 });
    await runner.start();
    await sleep(300);
    expect(await statuses()).toEqual({ running: 1 });
    await waitFor(async () => (await statuses()).done === 1);
    expect(ranAt - claimedAt).toBeGreaterThanOrEqual(600);
  });

  it('stops gracefully: waits for the job in progress and claims nothing more', async () => {
    let finished = 0;
    for (let index = 0; index < 4; index += 1) await enqueueJob(handle.db, { kind: 'slow', payload: null });
    await start({ slow: async () => { await sleep(150); finished += 1; } }, 1);
    await waitFor(async () => (await statuses()).running === 1);
    await runner?.stop();
    expect(finished).toBe(1);
    expect(await statuses()).toEqual({ done: 1, queued: 3 });
  });

  it('never hands the same job to two workers claiming at once', async () => {
    for (let index = 0; index < 20; index += 1) await enqueueJob(handle.db, { kind: 'work', payload: index });
    const batches = await Promise.all([1, 2, 3, 4].map((worker) => claimJobs(handle.db, `w${worker}`, 5)));
    const ids = batches.flat().map((job) => job.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });
});
