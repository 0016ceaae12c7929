import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentByServiceRefQuerySchema,
  documentDataResponseSchema,
  documentQuerySchema,
  documentSchema,
  downloadBodySchema,
  downloadQuerySchema,
  downloadZipQuerySchema,
  pdfPreviewQuerySchema,
  pdfPreviewResponseSchema,
  userDocumentAccessBodySchema,
  userDocumentAccessQuerySchema,
  userDocumentAccessResponseSchema,
} from '@portal/contracts/documents';
import { downloadUrlListSchema } from '@portal/contracts/downloads';
import { errorBodySchema } from '@portal/contracts/errors';
import { requireRole } from '../../auth/require-role.ts';
import { getOfficePdfKey } from '../../previews/office-pdf.service.ts';
import { downloadBufferPool } from '../../platform/delivery/buffer-pool.ts';
import { errorResponses } from '../downloads/error-responses.ts';
import { sendPooledStream } from '../../platform/delivery/send-pooled.ts';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { grantUserDocumentAccess } from './document-grant.service.ts';
import { documentByServiceRef, documentData, downloadDocument, pdfPreview, type DocumentDeps } from './document.service.ts';
import { resolveZipDownload, zipStream } from './zip-download.service.ts';

export interface DocumentRoutesOptions {
  /** Storage key of an Office version's PDF rendition; by default the previews plugin's, when registered. */
  officePdfKey?: DocumentDeps['officePdfKey'];
}

/** The content calls of spec §7 that deliver documents (previews of images and video live in the previews module). */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const officePdfKey: DocumentDeps['officePdfKey'] =
    options.officePdfKey ?? (app.hasDecorator('previews') ? (version) => getOfficePdfKey(app.previews, version) : undefined);
  const deps: DocumentDeps = { db: app.db, fileUrls: app.fileUrls, officePdfKey };

  routes.get(
    '/api/Content/documentByServiceRef',
    { schema: { querystring: documentByServiceRefQuerySchema, response: { 200: documentSchema, ...errorResponses } } },
    (request) => documentByServiceRef(app.db, request.user, request.query),
  );

  routes.get(
    '/api/Content/documentData',
    { schema: { querystring: documentQuerySchema, response: { 200: documentDataResponseSchema, ...errorResponses } } },
    (request) => documentData(app.db, request.user, request.query.documentId),
  );

  routes.get(
    '/api/Content/pdfPreview',
    { schema: { querystring: pdfPreviewQuerySchema, response: { 200: pdfPreviewResponseSchema, ...errorResponses, 422: errorBodySchema } } },
    (request) => pdfPreview(deps, request.user, request.query.documentId, request.query.versionId),
  );

  routes.post(
    '/api/Content/download',
    { schema: { querystring: downloadQuerySchema, body: downloadBodySchema, response: { 200: downloadUrlListSchema, ...errorResponses } } },
    (request) => downloadDocument(deps, request.user, request.body[0], request.query.versionId),
  );

  routes.get('/api/Content/downloadZip', { schema: { querystring: downloadZipQuerySchema } }, async (request, reply) => {
    const source = await resolveZipDownload(app.db, request.user, request.query.filePath);
    const { stream, size } = zipStream(app.storage, source.entries, downloadBufferPool);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', source.fileName))
      .header('cache-control', 'private, no-store');
    if (size !== null) reply.header('content-length', size);
    return sendPooledStream(reply, stream, downloadBufferPool);
  });

  routes.post(
    '/api/Content/UserDocumentAccess',
    {
      schema: {
        querystring: userDocumentAccessQuerySchema,
        body: userDocumentAccessBodySchema,
        response: { 200: userDocumentAccessResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      requireRole(request, 'admin');
      return grantUserDocumentAccess(app.db, request.user, { ...request.query, documentIds: request.body });
    },
  );
}
