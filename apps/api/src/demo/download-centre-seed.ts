import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { PortalEventBus } from '../platform/events/index.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { isSeeded, markSeeded } from './seed-marker.repository.ts';

// Loaded only when a seed still has to run: the generators (PDF, CAD files) stay out of a seeded server's memory.
const seeds = {
  software: async () => (await import('./software-seed.ts')).seedSoftware,
  cad: async () => (await import('./cad-seed.ts')).seedCad,
  units: async () => (await import('./units-seed.ts')).seedUnits,
};

/**
 * Seeds the demo software and CAD content after the document seed, once per database: each seed
 * skips what already exists, so one interrupted by a stop completes on the next start; once it has
 * finished it is marked and never runs again. Failures are logged; the server keeps running.
 */
export interface DownloadCentreSeedDeps {
  db: Kysely<Database>;
  /** The portal's event bus (the release notes and manuals are published documents). */
  events: PortalEventBus;
  storage: FileStorage;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** Called after each committed item (the server wakes its jobs). */
  afterCommit?: () => void;
}

export async function seedDownloadCentre({ db, events, storage, log, afterCommit = () => {} }: DownloadCentreSeedDeps): Promise<void> {
  for (const name of ['software', 'cad', 'units'] as const) {
    try {
      if (await isSeeded(db, name)) continue;
      const started = Date.now();
      const added = await (await seeds[name]())({ db, events, storage, afterCommit });
      await markSeeded(db, name);
      log.info({ added, ms: Date.now() - started }, `demo ${name} seeded`);
    } catch (error) {
      log.error({ err: error }, `seeding the demo ${name} failed`);
    }
  }
}
