import fp from 'fastify-plugin';
import { shareContentChanges } from '../content-kinds/content-generation.ts';
import { createLocalCacheBus, createRedisCacheBus, type CacheBus } from './cache-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache invalidation for every process: in-process alone, across processes through Redis pub/sub with REDIS_URL. */
    cacheBus: CacheBus;
  }
}

export interface CacheBusPluginOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
}

/** Opens the cache bus (Redis pub/sub when a URL is configured), shares content changes on it, and closes it with the app. */
export const cacheBusPlugin = fp<CacheBusPluginOptions>(
  async (app, { redisUrl, keyPrefix }) => {
    const bus = redisUrl
      ? await createRedisCacheBus({
          redisUrl,
          keyPrefix,
          onError: (error) => app.log.warn({ err: { message: error.message } }, 'Redis unavailable: other processes see cache changes when their caches expire'),
        })
      : createLocalCacheBus();
    app.decorate('cacheBus', bus);
    // Search caches are keyed by the content generation; alone, a process moves it by itself.
    const stopSharing = redisUrl ? shareContentChanges(bus) : () => undefined;
    app.addHook('onClose', async () => {
      stopSharing();
      await bus.close();
    });
  },
  { name: 'cache-bus' },
);
