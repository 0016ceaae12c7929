import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadHistoryQuerySchema, downloadHistoryResponseSchema } from '@portal/contracts/downloads';
import { getDownloadHistory } from './download-history.service.ts';
import { errorResponses } from './error-responses.ts';

/** `/api/Downloads/history`: the signed-in user's downloads of documents, software and CAD. */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Downloads/history',
    { schema: { querystring: downloadHistoryQuerySchema, response: { 200: downloadHistoryResponseSchema, ...errorResponses } } },
    (request) => getDownloadHistory(app.db, request.user, request.query),
  );
}
