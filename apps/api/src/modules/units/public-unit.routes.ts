import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicDeclarationParamsSchema,
  publicDeclarationQuerySchema,
  publicUnitQuerySchema,
  publicUnitRateLimit,
  publicUnitSchema,
} from '@portal/contracts/unit-identification';
import { unitParamsSchema } from '@portal/contracts/units';
import { AppError, errorResponses } from '../../platform/errors.ts';
import { unitPagePath } from './identification-link.ts';
import { publicPictureKey } from './public-unit-picture.service.ts';
import { publicDeclarationFile, publicUnit } from './public-unit.service.ts';

/** How long the signed file URL a declaration or picture redirects to stays valid, in seconds. */
const publicFileUrlSeconds = 60;

/**
 * What anyone may reach without a token, outside `/api` (so the sign-in hook leaves it alone):
 * `/id/{serial}`, the identification link printed on the machine, `/public/units/{serial}`, the
 * little its public page shows, `/public/units/{serial}/picture`, the model's picture, and
 * `/public/units/{serial}/declarations/{serviceRef}`, the model's EU declaration of conformity. All are limited together to 60 requests a minute per address, in Redis
 * when REDIS_URL is set (one count for every API process), so the installed base cannot be walked.
 * Registered as an encapsulated plugin: its limit applies to these routes only, whatever API_RATE_LIMIT says.
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
    // Vary: a machine asking for application/aas+json on the same path gets the unit's shell (handover module).
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'Accept').redirect(unitPagePath(request.params.serial), 301),
  );

  routes.get(
    '/public/units/:serial',
    { schema: { params: unitParamsSchema, querystring: publicUnitQuerySchema, response: { 200: publicUnitSchema, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return publicUnit(deps, request.params.serial, request.query.language);
    },
  );

  // The declaration's bytes through a short-lived signed file URL (ranges, ETag and storage redirects as for any file).
  routes.get(
    '/public/units/:serial/declarations/:serviceRef',
    { schema: { params: publicDeclarationParamsSchema, querystring: publicDeclarationQuerySchema, response: errorResponses } },
    async (request, reply) => {
      const { serial, serviceRef } = request.params;
      const { version, fileName } = await publicDeclarationFile(app.db, serial, serviceRef, request.query.language);
      const { storageKey, mediaType } = version;
      const disposition = request.query.download ? 'attachment' : 'inline';
      const url = app.fileUrls.sign({ storageKey, fileName, mediaType, userSub: 'public', disposition, ttlSeconds: publicFileUrlSeconds });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  // The model's picture: its product photo's thumbnail (a PNG) through a short-lived signed file URL; nothing else.
  routes.get('/public/units/:serial/picture', { schema: { params: unitParamsSchema, response: errorResponses } }, async (request, reply) => {
    const storageKey = await publicPictureKey(app.db, request.params.serial);
    const fileName = `${request.params.serial}.png`;
    const url = app.fileUrls.sign({ storageKey, fileName, mediaType: 'image/png', userSub: 'public', disposition: 'inline', ttlSeconds: publicFileUrlSeconds });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
}
