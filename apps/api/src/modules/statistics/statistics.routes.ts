import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsResponseSchema } from '@portal/contracts/statistics';
import { errorResponses } from '../../platform/errors.ts';
import { statisticsCsv } from './statistics.presenter.ts';
import { getStatistics } from './statistics.service.ts';

/** Statistics of the publishing console: admins and publishers, who publish the content counted here. */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get(
    '/api/Admin/statistics',
    { schema: { querystring: statisticsQuerySchema, response: { 200: statisticsResponseSchema, ...errorResponses } } },
    (request) => getStatistics(app.db, request.query),
  );

  routes.get(
    '/api/Admin/statistics/export',
    // No response schema: the answer is CSV text (a line per period and top document, small enough to send whole).
    { schema: { querystring: statisticsQuerySchema } },
    async (request, reply) => {
      const statistics = await getStatistics(app.db, request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statistics-${statistics.from}-${statistics.to}.csv"`)
        .header('cache-control', 'no-store');
      return statisticsCsv(statistics);
    },
  );
}
