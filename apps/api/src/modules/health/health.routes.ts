import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. No token needed. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
