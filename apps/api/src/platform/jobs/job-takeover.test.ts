import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, testPostgresUrl } from '../../test/test-databases.ts';
import { openDatabase, type DialectName } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { JobRunner } from './job-runner.ts';
import { enqueueJob } from './job.repository.ts';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database two processes can open: a SQLite file, or a schema of the test PostgreSQL. */
async function sharedDatabase(dialect: DialectName): Promise<{ db: Kysely<Database>; childArgs: string[]; destroy(): Promise<void> }> {
  if (dialect === 'postgres') {
    const handle = await createTestDatabase('postgres');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
    return { db: handle.db, childArgs: [testPostgresUrl, rows[0]!.schema], destroy: handle.destroy };
  }
  const dir = await mkdtemp(join(tmpdir(), 'job-takeover-'));
  const sqliteFile = join(dir, 'portal.sqlite');
  const { db } = openDatabase({ sqliteFile });
  await migrateToLatest(db);
  return { db, childArgs: [sqliteFile], destroy: async () => { await db.destroy(); await rm(dir, { recursive: true, force: true }); } };
}

/** Resolves with the first line of the child's output that starts with `prefix`. */
function lineStartingWith(child: ChildProcessWithoutNullStreams, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(prefix)) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the runner exited with ${code} before printing "${prefix}"`)));
  });
}

describe.each(await testDialects())('a job whose runner process is killed, on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  it('is left alone while that runner lives, then finished by a runner already running once it is SIGKILLed', async () => {
    const database = await sharedDatabase(dialect);
    cleanups.push(database.destroy);
    const first = spawn(process.execPath, [join(import.meta.dirname, 'hanging-runner.fixture.ts'), ...database.childArgs]);
    cleanups.push(async () => void first.kill('SIGKILL'));
    const started = lineStartingWith(first, 'started ');
    await lineStartingWith(first, 'ready');
    await enqueueJob(database.db, { kind: 'hang', payload: null });
    const firstWorkerId = (await started).slice('started '.length);

    let finishedAt = 0;
    const second = new JobRunner({
      db: database.db,
      log: silentLog,
      concurrency: 1,
      pollIntervalMs: 50,
      leaseMs: 2_000,
      handlers: { hang: async () => void (finishedAt = Date.now()) },
    });
    cleanups.push(() => second.stop());
    await second.start();
    // A live runner's job is not taken from it, by a runner starting or running.
    await sleep(700);
    expect(finishedAt).toBe(0);
    expect(await database.db.selectFrom('jobs').select(['status', 'lockedBy']).executeTakeFirst()).toEqual({ status: 'running', lockedBy: firstWorkerId });

    first.kill('SIGKILL');
    const killedAt = Date.now();
    const deadline = killedAt + 10_000;
    while ((await database.db.selectFrom('jobs').select('status').executeTakeFirstOrThrow()).status !== 'done') {
      if (Date.now() > deadline) throw new Error('the second runner did not take the job over');
      await sleep(50);
    }
    expect(finishedAt).toBeGreaterThanOrEqual(killedAt);
    expect(await database.db.selectFrom('jobs').select(['status', 'attempts']).executeTakeFirst()).toEqual({ status: 'done', attempts: 2 });
  });
});
