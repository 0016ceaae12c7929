import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageCoverageQuerySchema } from '@portal/contracts/language-coverage';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { languageCoverageCsv } from './language-coverage.presenter.ts';
import { languageCoverage } from './language-coverage.service.ts';

/**
 * The language coverage report of the publishing console (publishers and admins: the admin-role hook's
 * `/api/Admin` gate), as JSON or, with `format=csv`, as a CSV file.
 */
export async function languageCoverageRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, markets: app.config.markets };

  routes.get(
    '/api/Admin/language-coverage',
    // No response schema: the answer is JSON (languageCoverageSchema) or CSV text.
    { schema: { querystring: languageCoverageQuerySchema } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const coverage = await languageCoverage(deps, query);
      reply.header('cache-control', 'no-store');
      if (format === 'json') return coverage;
      const name = query.market ? `language-coverage-${query.market}.csv` : 'language-coverage.csv';
      return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition('attachment', name)).send(languageCoverageCsv(coverage));
    },
  );
}
