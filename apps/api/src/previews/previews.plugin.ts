import fp from 'fastify-plugin';
import type { PreviewDeps } from './preview-deps.ts';
import { detectSystemTools, type SystemTools } from './system-tools.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What preview work needs (database, storage, LibreOffice/ffmpeg found at start, logger). */
    previews: PreviewDeps;
  }
}

/** Looks for LibreOffice and ffmpeg once (logging what is missing) and decorates `app.previews`. */
export const previewsPlugin = fp<{ tools?: SystemTools }>(
  async (app, options) => {
    const tools = options.tools ?? (await detectSystemTools(app.log));
    app.decorate('previews', { db: app.db, events: app.events, storage: app.storage, tools, log: app.log } satisfies PreviewDeps);
  },
  { name: 'previews', dependencies: ['storage', 'events'] },
);
