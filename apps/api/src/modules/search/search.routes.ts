import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@portal/contracts/documents';
import { errorResponses } from '../downloads/error-responses.ts';
import { SearchCountsCache } from './search-counts-cache.ts';
import { search } from './search.service.ts';
import { warmSearchCatalog } from './sqlite-search.ts';

/** GET /api/Content/search */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const counts = new SearchCountsCache();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Content/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errorResponses } } },
    (request) => search({ db: app.db, fileUrls: app.fileUrls, counts }, request.user, request.query),
  );
  // The first search of a large SQLite base would otherwise wait for the catalog to be read.
  if (app.dialect === 'sqlite') {
    app.addHook('onListen', () => {
      warmSearchCatalog(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'search catalog not built ahead'));
    });
  }
}
