import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-databases.ts';
import { enqueueJob } from './job.repository.ts';
import { jobsPlugin } from './jobs.plugin.ts';

/** The platform runs the job kinds modules register into it; it knows none of them itself. */
describe('jobs plugin', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    app = Fastify();
    app.decorate('db', database.db);
    await app.register(jobsPlugin, { concurrency: 1 });
  });
  afterEach(async () => {
    await app.close();
    await database.destroy();
  });

  it('runs a job with the handler a module registered', async () => {
    const done = new Promise<unknown>((resolve) => {
      app.jobs.handle({ 'module-task': async (payload) => resolve(payload) });
    });
    await enqueueJob(database.db, { kind: 'module-task', payload: { versionId: 'v1' } });
    await app.ready();
    app.jobs.wake();
    expect(await done).toEqual({ versionId: 'v1' });
  });

  it('refuses a second handler for the same kind, and handlers added once the app is ready', async () => {
    app.jobs.handle({ 'module-task': async () => undefined });
    expect(() => app.jobs.handle({ 'module-task': async () => undefined })).toThrow(/already has a handler/);
    await app.ready();
    expect(() => app.jobs.handle({ 'late-task': async () => undefined })).toThrow(/before the app is ready/);
  });

  it('runs no jobs with concurrency 0, leaving them to the workers sharing the database', async () => {
    const idle = Fastify();
    idle.decorate('db', database.db);
    await idle.register(jobsPlugin, { concurrency: 0 });
    let ran = false;
    idle.jobs.handle({ 'module-task': async () => void (ran = true) });
    await enqueueJob(database.db, { kind: 'module-task', payload: null });
    await idle.ready();
    idle.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await idle.close();
    expect(ran).toBe(false);
    expect(await database.db.selectFrom('jobs').select('status').execute()).toEqual([{ status: 'queued' }]);
  });
});
