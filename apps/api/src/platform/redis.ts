import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (sign-in state, throttling), otherwise undefined. */
    redis: Redis | undefined;
  }
}

/** One Redis client per process, opened when a URL is configured and closed with the app. */
export const redisPlugin = fp<{ url: string | undefined }>(
  async (app, { url }) => {
    const redis = url ? new Redis(url, { maxRetriesPerRequest: 2 }) : undefined;
    app.decorate('redis', redis);
    if (!redis) return;
    redis.on('error', (error: Error) => app.log.warn({ err: { message: error.message } }, 'Redis unavailable: sign-in throttling counts in memory, sign-in steps kept in Redis fail, /readyz answers 503'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);

/** Whether Redis answers a PING; a client that is not connected right now counts as down at once. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
