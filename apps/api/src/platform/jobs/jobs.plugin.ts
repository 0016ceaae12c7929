import fp from 'fastify-plugin';
import { previewJobHandlers } from '../../previews/preview-jobs.ts';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Call after committing a transaction that enqueued jobs, so they start now rather than at the next poll. */
      wake(): void;
    };
  }
}

/**
 * Runs the background jobs of this process (JOB_CONCURRENCY at a time; 0 leaves them to other
 * hosts sharing the database). Starts when the app is ready; on close it waits for running jobs.
 */
export const jobsPlugin = fp<{ concurrency: number }>(
  async (app, { concurrency }) => {
    const runner =
      concurrency > 0 ? new JobRunner({ db: app.db, handlers: previewJobHandlers(app.previews), log: app.log, concurrency }) : undefined;
    app.decorate('jobs', { wake: () => runner?.wake() });
    if (!runner) return;
    app.addHook('onReady', () => runner.start());
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['previews'] },
);
