import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.ts';
import { createFileStorage, type StorageConfig } from './create-file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where file bytes live (local folder or S3-compatible bucket), chosen by configuration. */
    storage: FileStorage;
  }
}

export interface StoragePluginOptions {
  config: StorageConfig;
  /** A ready storage (tests); when absent one is made from the configuration. */
  storage?: FileStorage;
}

/** Decorates `app.storage` for every module. */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    const storage = options.storage ?? (await createFileStorage(options.config));
    app.decorate('storage', storage);
    // Orphans of a killed process; younger temp files may belong to a running import.
    const removed = await storage.removeLeftovers();
    if (removed > 0) app.log.info({ removed }, 'removed orphan temporary files from the file storage');
  },
  { name: 'storage' },
);
