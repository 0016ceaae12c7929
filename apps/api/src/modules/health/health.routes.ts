import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, type DemoContentState } from '@portal/contracts/health';
import { databaseAnswers } from '../../platform/db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the plugin that seeds the demo content on a first start; absent when it is not registered. */
    demoContentState?: () => DemoContentState;
  }
}

/**
 * Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. No token
 * needed. The answer also says whether a first start's demo content is still being prepared: the
 * web app polls it to show that and to fill its pages in once it is done.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    { schema: { response: { 200: healthSchema, 503: z.object({ status: z.literal('unavailable') }) } } },
    async (request, reply) => {
      if (!(await databaseAnswers(app.db))) {
        request.log.error('health check: database unreachable');
        return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' as const });
      }
      const demoContent = app.demoContentState?.() ?? 'ready';
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const, demoContent });
    },
  );
}
