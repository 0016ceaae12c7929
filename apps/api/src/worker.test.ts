import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { apiDir, apiScriptCommand } from '../scripts/start-command.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle, type DialectName } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations/index.ts';
import { enqueueJob } from './platform/jobs/job.repository.ts';
import { createTestDatabase, testDialects, testPostgresUrl } from './test/test-databases.ts';


/** The database a worker process shares with the test: the SQLite file in its DATA_DIR, or a PostgreSQL schema. */
async function sharedDatabase(dialect: DialectName, dataDir: string): Promise<DatabaseHandle & { env: Record<string, string>; destroy(): Promise<void> }> {
  if (dialect === 'postgres') {
    const handle = await createTestDatabase('postgres');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
    const databaseUrl = `${testPostgresUrl}?options=${encodeURIComponent(`-c search_path=${rows[0]!.schema}`)}`;
    return { ...handle, env: { DATABASE_URL: databaseUrl } };
  }
  const handle = openDatabase({ sqliteFile: loadConfig({ DATA_DIR: dataDir }).sqliteFile });
  await migrateToLatest(handle.db);
  return { ...handle, env: {}, destroy: () => handle.db.destroy() };
}

describe.each(await testDialects())('npm run worker on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  it('runs the jobs the API enqueues, without listening, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'worker-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await sharedDatabase(dialect, dataDir);
    cleanups.push(database.destroy);
    // A real job kind of the API: the version is gone, so the handler finds nothing to do and succeeds.
    await enqueueJob(database.db, { kind: 'extractText', payload: { versionId: 'deleted-version' } });

    const command = apiScriptCommand('worker');
    const worker = spawn(process.execPath, command.args, {
      cwd: apiDir,
      env: { PATH: process.env.PATH, ...command.env, DATA_DIR: dataDir, JOB_CONCURRENCY: '1', PORT: '1', ...database.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => void worker.kill('SIGKILL'));
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('close', (code) => resolve(code)));

    const deadline = Date.now() + 30_000;
    let job = await database.db.selectFrom('jobs').select(['status', 'lastError']).executeTakeFirstOrThrow();
    while (job.status !== 'done') {
      if (Date.now() > deadline) throw new Error(`the worker did not run the job (${JSON.stringify(job)}):\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await database.db.selectFrom('jobs').select(['status', 'lastError']).executeTakeFirstOrThrow();
    }

    // Still there, idle, waiting for more work.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect({ exitCode: worker.exitCode, signal: worker.signalCode }).toEqual({ exitCode: null, signal: null });
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['worker running background jobs', 'worker stopping: finishing the jobs in progress']));
    expect(lines.some((line) => /listening/i.test(line.msg))).toBe(false);
  });
});
