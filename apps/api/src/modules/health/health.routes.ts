import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, readinessSchema, type DemoContentState } from '@portal/contracts/health';
import { databaseAnswers } from '../../platform/db/database.ts';
import { redisAnswers } from '../../platform/redis.ts';
import { watchLiveness } from './liveness.ts';
import { allUp, checkReadiness } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the plugin that seeds the demo content on a first start; absent when it is not registered. */
    demoContentState?: () => DemoContentState;
    /** Called on SIGTERM before closing: from then on /readyz answers 503 `draining`. */
    startDraining: () => void;
  }
}

/**
 * `/healthz` is liveness for load balancers: 200 when the database answers, 503 otherwise, as a check
 * made in the background every second once probed found (`liveness.ts`): a probe never waits for the
 * database behind a crowd's queries. It also says whether a first start's demo content is still being
 * prepared: the web app polls it to show that and to fill its pages in once it is done. `/readyz` is readiness: the database, Redis (when
 * configured) and the file storage all answer, and the process is not shutting down. No token needed.
 */
async function healthRoutesPlugin(app: FastifyInstance): Promise<void> {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  const liveness = watchLiveness(() => databaseAnswers(app.db));
  app.addHook('onClose', async () => liveness.stop());

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    { config: { aheadOfQueue: true }, schema: { response: { 200: healthSchema, 503: z.object({ status: z.literal('unavailable') }) } } },
    async (request, reply) => {
      if (!(await liveness.answers())) {
        request.log.error('health check: database unreachable');
        return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' as const });
      }
      const demoContent = app.demoContentState?.() ?? 'ready';
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const, demoContent });
    },
  );

  routes.get('/readyz', { config: { aheadOfQueue: true }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ status: 'draining' as const });
    const redis = app.redis;
    const checks = await checkReadiness({
      database: () => databaseAnswers(app.db),
      ...(redis ? { redis: () => redisAnswers(redis) } : {}),
      storage: () => app.storage.answers(),
    });
    if (allUp(checks)) return reply.send({ status: 'ready' as const, checks });
    request.log.error({ checks }, 'readiness check: a backing service is down');
    return reply.status(503).send({ status: 'unavailable' as const, checks });
  });
}

/** Registered at the root (not encapsulated) so that server.ts can call `app.startDraining()`. */
export const healthRoutes = fp(healthRoutesPlugin, { name: 'health' });
