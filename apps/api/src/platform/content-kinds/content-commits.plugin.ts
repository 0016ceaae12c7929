import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database.ts';
import { listenForContentCommits } from '../db/content-commit-notices.ts';
import { contentCommittedElsewhere } from './content-generation.ts';

/**
 * PostgreSQL: moves the content generation at every commit that changes searchable content, by
 * any process, so the in-memory search catalog and the search caches follow without Redis.
 */
export const contentCommitsPlugin = fp<{ connection: NonNullable<DatabaseHandle['connection']> }>(
  async (app, { connection }) => {
    const stop = listenForContentCommits({
      databaseUrl: connection.databaseUrl,
      schema: connection.pgSchema,
      onCommit: contentCommittedElsewhere,
      onError: (error) => app.log.warn({ err: { message: error.message } }, 'Database notices of content changes interrupted: listening again'),
    });
    app.addHook('onClose', stop);
  },
  { name: 'content-commits' },
);
