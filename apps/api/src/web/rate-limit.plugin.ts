import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { isApiRequest } from '../auth/api-paths.ts';
import { AppError } from '../platform/errors.ts';

export interface ApiRateLimitOptions {
  /** Requests per user per minute; 0 turns the limit off. */
  perMinute: number;
  /** With a URL the counts live in Redis and every API process shares them; in memory otherwise. */
  redisUrl: string | undefined;
  keyPrefix: string;
}

/**
 * Limits `/api` calls per signed-in user (the verified token's subject), or per address when no user
 * is known. Its hook runs on each route after the app's authentication hook, so a forged token never
 * chooses whose count it spends. Health, sign-in, files and the web app are not limited.
 */
export const apiRateLimitPlugin = fp<ApiRateLimitOptions>(
  async (app, { perMinute, redisUrl, keyPrefix }) => {
    if (perMinute === 0) return;
    const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) : undefined;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: { message: error.message } }, 'Redis unavailable: API rate limits are not counted'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: `${keyPrefix}api-rate-limit:` } : {}),
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      allowList: (request) => !isApiRequest(request),
      keyGenerator: (request) => (request.user ? `user:${request.user.sub}` : `address:${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'rateLimited', `Too many requests: at most ${context.max} a minute. Try again in ${context.after}.`),
    });
  },
  { name: 'api-rate-limit' },
);
