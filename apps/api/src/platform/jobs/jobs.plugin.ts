import fp from 'fastify-plugin';
import { JobRunner, type JobHandler } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Call after committing a transaction that enqueued jobs, so they start now rather than at the next poll. */
      wake(): void;
      /** Adds the handlers of a module's job kinds (each kind once); call before the app is ready. */
      handle(handlers: Readonly<Record<string, JobHandler>>): void;
    };
  }
}

/**
 * Runs the background jobs of this process (JOB_CONCURRENCY at a time; 0 leaves them to other
 * hosts sharing the database). Modules bring their job kinds through `app.jobs.handle`. Starts
 * when the app is ready; on close it waits for running jobs.
 */
export const jobsPlugin = fp<{ concurrency: number }>(
  async (app, { concurrency }) => {
    const handlers: Record<string, JobHandler> = {};
    let started = false;
    const runner = concurrency > 0 ? new JobRunner({ db: app.db, handlers, log: app.log, concurrency }) : undefined;
    app.decorate('jobs', {
      wake: () => runner?.wake(),
      handle(added) {
        if (started) throw new Error('Job handlers must be added before the app is ready.');
        for (const [kind, handler] of Object.entries(added)) {
          if (Object.hasOwn(handlers, kind)) throw new Error(`The job kind "${kind}" already has a handler.`);
          handlers[kind] = handler;
        }
      },
    });
    app.addHook('onReady', async () => {
      started = true;
      await runner?.start();
    });
    if (runner) app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs' },
);
