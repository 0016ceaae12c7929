import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { isApiRequest } from '../auth/api-paths.ts';
import { AppError } from '../platform/errors.ts';

export interface ApiRateLimitOptions {
  /** Requests per user per minute; 0 turns the limit off. */
  perMinute: number;
  keyPrefix: string;
}

/**
 * Limits `/api` calls per signed-in user (the verified token's subject), or per address when no user
 * is known, and the few routes outside `/api` that take a token. Its hook runs on each route after the app's authentication hook, so a forged token never
 * chooses whose count it spends. Health, sign-in, files and the web app are not limited.
 */
export const apiRateLimitPlugin = fp<ApiRateLimitOptions>(
  async (app, { perMinute, keyPrefix }) => {
    if (perMinute === 0) return;
    // The process's shared Redis client (REDIS_URL): every API process then shares the counts; in memory otherwise.
    const redis = app.redis;
    await app.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: `${keyPrefix}api-rate-limit:` } : {}),
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      // Routes outside /api that take a bearer token (the identification link answering machines) count too.
      allowList: (request) => !isApiRequest(request) && request.routeOptions.config.bearerToken !== true,
      keyGenerator: (request) => (request.user ? `user:${request.user.sub}` : `address:${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'rateLimited', `Too many requests: at most ${context.max} a minute. Try again in ${context.after}.`),
    });
  },
  { name: 'api-rate-limit', dependencies: ['redis'] },
);
