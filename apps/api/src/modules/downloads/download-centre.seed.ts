import type { FastifyInstance } from 'fastify';
import { isSeeded, markSeeded } from './seed-marker.repository.ts';

// Loaded only when a seed still has to run: the generators (PDF, CAD files) stay out of a seeded server's memory.
const seeds = {
  software: async () => (await import('../software/software.seed.ts')).seedSoftware,
  cad: async () => (await import('../cad/cad.seed.ts')).seedCad,
};

/**
 * Seeds the demo software and CAD content after the document seed, once per database: each seed
 * skips what already exists, so one interrupted by a stop completes on the next start; once it has
 * finished it is marked and never runs again. Failures are logged; the server keeps running.
 */
export async function seedDownloadCentre(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, storage: app.storage, afterCommit: () => app.jobs.wake() };
  for (const name of ['software', 'cad'] as const) {
    try {
      if (await isSeeded(app.db, name)) continue;
      const started = Date.now();
      const added = await (await seeds[name]())(deps);
      await markSeeded(app.db, name);
      app.log.info({ added, ms: Date.now() - started }, `demo ${name} seeded`);
    } catch (error) {
      app.log.error({ err: error }, `seeding the demo ${name} failed`);
    }
  }
}
