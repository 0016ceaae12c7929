import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUnitRateLimit, publicUnitSchema } from '@portal/contracts/unit-identification';
import { unitParamsSchema } from '@portal/contracts/units';
import { AppError, errorResponses } from '../../platform/errors.ts';
import { unitPagePath } from './identification-link.ts';
import { publicUnit } from './public-unit.service.ts';

/**
 * What anyone may reach without a token, outside `/api` (so the sign-in hook leaves it alone):
 * `/id/{serial}`, the identification link printed on the machine, and `/public/units/{serial}`, the
 * little its public page shows. Both are limited to 60 requests a minute per address, in Redis when
 * REDIS_URL is set (one count for every API process), so the installed base cannot be walked.
 * Registered as an encapsulated plugin: its limit applies to these two routes only, whatever API_RATE_LIMIT says.
 */
export async function publicUnitRoutes(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: publicUnitRateLimit,
    timeWindow: 60_000,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.REDIS_KEY_PREFIX}public-unit-rate-limit:` } : {}),
    // Like the API's limit: a Redis outage must not take these pages down.
    skipOnError: true,
    keyGenerator: (request) => `address:${request.ip}`,
    errorResponseBuilder: (_request, context) => new AppError(429, 'rateLimited', `Too many requests: at most ${context.max} a minute. Try again in ${context.after}.`),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, publicUrl: app.config.publicUrl, maker: app.config.MAKER_NAME };

  // The permanent address: 301 whether or not the serial exists (the page decides what to show).
  routes.get('/id/:serial', { schema: { params: unitParamsSchema } }, (request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').redirect(unitPagePath(request.params.serial), 301),
  );

  routes.get('/public/units/:serial', { schema: { params: unitParamsSchema, response: { 200: publicUnitSchema, ...errorResponses } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return publicUnit(deps, request.params.serial);
  });
}
