import type { FastifyInstance } from 'fastify';
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
import { requirePublisher } from '../../auth/require-role.ts';
import { auditContextOf } from '../audit/index.ts';
import { recordDocumentView } from '../statistics/index.ts';
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
  const deps: DocumentDeps = { db: app.db, fileUrls: app.fileUrls, officePdfKey };

  routes.get(
    '/api/Content/documentByServiceRef',
    { schema: { querystring: documentByServiceRefQuerySchema, response: { 200: documentSchema, ...errorResponses } } },
    (request) => documentByServiceRef(deps, request.user, request.query),
  );

  routes.get(
    '/api/Content/documentData',
    { schema: { querystring: documentQuerySchema, response: { 200: documentDataResponseSchema, ...errorResponses } }, onResponse: recordDocumentView },
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
      schema: {
        querystring: userDocumentAccessQuerySchema,
        body: userDocumentAccessBodySchema,
        response: { 200: userDocumentAccessResponseSchema, ...errorResponses },
      },
    },
    (request) => {
      // Publishers restrict documents to named users and revoke them in the console.
      requirePublisher(request);
      return grantUserDocumentAccess(deps, request.user, { ...request.query, documentIds: request.body }, auditContextOf(request));
    },
  );
}
