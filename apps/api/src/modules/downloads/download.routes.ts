import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadZipQuerySchema } from '@portal/contracts/documents';
import { downloadHistoryQuerySchema, downloadHistoryResponseSchema } from '@portal/contracts/downloads';
import type { ContentKind } from '../../platform/content-kinds/content-kind.ts';
import { downloadBufferPool } from '../../platform/delivery/buffer-pool.ts';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { sendPooledStream } from '../../platform/delivery/send-pooled.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { getDownloadHistory } from './download-history.service.ts';
import { resolveZipDownload, zipResolversOf, zipStream } from './zip-download.service.ts';

/**
 * The download centre across every content kind: `/api/Downloads/history`, the signed-in user's
 * downloads, and `/api/Content/downloadZip`, a zip of whatever a kind's filePath names.
 */
export async function downloadRoutes(app: FastifyInstance, options: { kinds: readonly ContentKind[] }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, events: app.events, fileUrls: app.fileUrls, kinds: options.kinds, resolvers: zipResolversOf(options.kinds) };

  routes.get(
    '/api/Downloads/history',
    { schema: { querystring: downloadHistoryQuerySchema, response: { 200: downloadHistoryResponseSchema, ...errorResponses } } },
    (request) => getDownloadHistory(deps, request.user, request.query),
  );

  routes.get('/api/Content/downloadZip', { schema: { querystring: downloadZipQuerySchema } }, async (request, reply) => {
    const source = await resolveZipDownload(deps, request.user, request.query.filePath, auditContextOf(request));
    const { stream, size } = zipStream(app.storage, source.entries, downloadBufferPool);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', source.fileName))
      .header('cache-control', 'private, no-store');
    if (size !== null) reply.header('content-length', size);
    return sendPooledStream(reply, stream, downloadBufferPool);
  });
}
