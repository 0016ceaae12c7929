import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentByServiceRefQuerySchema,
  documentDataResponseSchema,
  documentQuerySchema,
  documentSchema,
  downloadBodySchema,
  downloadQuerySchema,
  pdfPreviewQuerySchema,
  pdfPreviewResponseSchema,
  userDocumentAccessBodySchema,
  userDocumentAccessQuerySchema,
  userDocumentAccessResponseSchema,
} from '@portal/contracts/documents';
import { downloadUrlListSchema } from '@portal/contracts/downloads';
import { errorBodySchema } from '@portal/contracts/errors';
import { auditContextOf } from '../audit/index.ts';
import { getOfficePdfKey } from '../../previews/office-pdf.service.ts';
import { errorResponses } from '../../platform/errors.ts';
import { grantUserDocumentAccess } from './document-grant.service.ts';
import { documentByServiceRef, documentData, downloadDocument, pdfPreview, type DocumentDeps } from './document.service.ts';

export interface DocumentRoutesOptions {
  /** Storage key of an Office version's PDF rendition; by default the previews plugin's, when registered. */
  officePdfKey?: DocumentDeps['officePdfKey'];
}

/** The content calls of spec §7 that deliver documents (previews of images and video live in the previews module). */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const officePdfKey: DocumentDeps['officePdfKey'] =
    options.officePdfKey ?? (app.hasDecorator('previews') ? (version) => getOfficePdfKey(app.previews, version) : undefined);
  const deps: DocumentDeps = { db: app.db, events: app.events, fileUrls: app.fileUrls, officePdfKey };
  // Once the answer has left, the view is announced: the statistics count it (a failed count is only logged).
  const announceView = async (request: FastifyRequest<{ Querystring: { documentId: string } }>, reply: FastifyReply) => {
    if (reply.statusCode !== 200 || !request.user) return;
    const { sub: userSub, account } = request.user;
    await app.events.emitCommitted(app.db, 'document.viewed', { documentId: request.query.documentId, userSub, account, at: new Date().toISOString() });
  };

  routes.get(
    '/api/Content/documentByServiceRef',
    { schema: { querystring: documentByServiceRefQuerySchema, response: { 200: documentSchema, ...errorResponses } } },
    (request) => documentByServiceRef(deps, request.user, request.query),
  );

  routes.get(
    '/api/Content/documentData',
    { schema: { querystring: documentQuerySchema, response: { 200: documentDataResponseSchema, ...errorResponses } }, onResponse: announceView },
    (request) => documentData(deps, request.user, request.query.documentId),
  );

  routes.get(
    '/api/Content/pdfPreview',
    { schema: { querystring: pdfPreviewQuerySchema, response: { 200: pdfPreviewResponseSchema, ...errorResponses, 422: errorBodySchema } } },
    (request) => pdfPreview(deps, request.user, request.query.documentId, request.query.versionId),
  );

  routes.post(
    '/api/Content/download',
    { schema: { querystring: downloadQuerySchema, body: downloadBodySchema, response: { 200: downloadUrlListSchema, ...errorResponses } } },
    (request) => downloadDocument(deps, request.user, request.body[0], request.query.versionId, auditContextOf(request)),
  );

  routes.post(
    '/api/Content/UserDocumentAccess',
    {
      // Publishers restrict documents to named users and revoke them in the console.
      config: { roles: ['publisher', 'admin'] },
      schema: {
        querystring: userDocumentAccessQuerySchema,
        body: userDocumentAccessBodySchema,
        response: { 200: userDocumentAccessResponseSchema, ...errorResponses },
      },
    },
    (request) => grantUserDocumentAccess(deps, request.user, { ...request.query, documentIds: request.body }, auditContextOf(request)),
  );
}
