import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@portal/contracts/documents';
import { errorResponses } from '../downloads/error-responses.ts';
import { SearchCountsCache } from './search-counts-cache.ts';
import { search } from './search.service.ts';

/** GET /api/Content/search */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const counts = new SearchCountsCache();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Content/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errorResponses } } },
    (request) => search({ db: app.db, fileUrls: app.fileUrls, counts }, request.user, request.query),
  );
}
