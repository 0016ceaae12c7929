import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsResponseSchema } from '@portal/contracts/statistics';
import { requirePublisher } from '../../auth/require-role.ts';
import { errorResponses } from '../../platform/errors.ts';
import { statisticsCsv } from './statistics.presenter.ts';
import { getStatistics } from './statistics.service.ts';

/** Statistics of the publishing console: admins and publishers, who publish the content counted here. */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller without the role learns nothing from a 400 about the query.
  const preValidation = async (request: FastifyRequest) => requirePublisher(request);

  routes.get(
    '/api/Admin/statistics',
    { preValidation, schema: { querystring: statisticsQuerySchema, response: { 200: statisticsResponseSchema, ...errorResponses } } },
    (request) => getStatistics(app.db, request.query),
  );

  routes.get(
    '/api/Admin/statistics/export',
    // No response schema: the answer is CSV text (a line per period and top document, small enough to send whole).
    { preValidation, schema: { querystring: statisticsQuerySchema } },
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
