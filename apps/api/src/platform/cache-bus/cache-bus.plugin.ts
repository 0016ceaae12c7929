import fp from 'fastify-plugin';
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

/** Opens the cache bus (Redis pub/sub when a URL is configured) and closes it with the app. */
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
    app.addHook('onClose', () => bus.close());
  },
  { name: 'cache-bus' },
);
