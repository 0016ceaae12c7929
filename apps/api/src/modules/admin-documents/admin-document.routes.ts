import { multipart } from '../../platform/uploads/index.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDocumentParamsSchema,
  adminDocumentSchema,
  adminVersionParamsSchema,
  createDocumentMetadataSchema,
  newVersionMetadataSchema,
  publishDocumentBodySchema,
  publishDocumentsBodySchema,
  publishDocumentsResultSchema,
  updateDocumentBodySchema,
} from '@portal/contracts/admin-documents';
import { adminDocumentListQuerySchema, adminDocumentListResponseSchema } from '@portal/contracts/admin-document-list';
import { errorBodySchema } from '@portal/contracts/errors';
import { auditContextOf } from '../audit/index.ts';
import {
  addVersion,
  createDocument,
  getAdminDocument,
  listAdminDocuments,
  publishDocument,
  publishDocuments,
  setDocumentStatus,
  unpublishVersion,
  updateDocument,
  type IngestDeps,
} from './admin-document.service.ts';
import { precheckNewDocument, precheckNewVersion } from './admin-document.checks.ts';
import { readUploadForm } from './upload-form.ts';
import { deleteVersion, withRetention } from './version-removal.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };

/** The publishing side of documents: upload, new versions, metadata, (un)publishing. Publishers and admins; each change is audited. */
export async function adminDocumentRoutes(app: FastifyInstance, options: { maxUploadBytes: number }): Promise<void> {
  await app.register(multipart);
  const deps: IngestDeps = { db: app.db, events: app.events, afterCommit: () => app.jobs.wake() };
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before anything here runs.
  const form = { storage: app.storage, maxBytes: options.maxUploadBytes };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/Admin/documents', { schema: { response: { 201: adminDocumentSchema, ...uploadErrors } } }, async (request, reply) => {
    const { metadata, upload } = await readUploadForm(request, createDocumentMetadataSchema, { ...form, beforeFile: (m) => precheckNewDocument(deps, m) });
    return reply.status(201).send(await createDocument(deps, metadata, upload, request.user, auditContextOf(request)));
  });

  routes.post(
    '/api/Admin/documents/:id/versions',
    { schema: { params: adminDocumentParamsSchema, response: { 201: adminDocumentSchema, ...uploadErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      const { metadata, upload } = await readUploadForm(request, newVersionMetadataSchema, { ...form, beforeFile: (m) => precheckNewVersion(deps, id, m) });
      return reply.status(201).send(await addVersion(deps, id, metadata, upload, auditContextOf(request)));
    },
  );

  routes.get(
    '/api/Admin/documents',
    { schema: { querystring: adminDocumentListQuerySchema, response: { 200: adminDocumentListResponseSchema, ...errors } } },
    (request) => {
      return listAdminDocuments(deps, request.query);
    },
  );

  routes.get('/api/Admin/documents/:id', { schema: { params: adminDocumentParamsSchema, response: { 200: adminDocumentSchema, ...errors } } }, async (request) => {
    return withRetention(deps, await getAdminDocument(deps, request.params.id));
  });

  routes.patch(
    '/api/Admin/documents/:id',
    { schema: { params: adminDocumentParamsSchema, body: updateDocumentBodySchema, response: { 200: adminDocumentSchema, ...errors } } },
    (request) => {
      return updateDocument(deps, request.params.id, request.body, request.user, auditContextOf(request));
    },
  );

  routes.post('/api/Admin/documents/:id/unpublish', { schema: { params: adminDocumentParamsSchema, response: { 200: adminDocumentSchema, ...errors } } }, (request) => {
    return setDocumentStatus(deps, request.params.id, 'unpublished', auditContextOf(request));
  });

  // A review list's selection (an import's drafts) published in one step, each audited.
  routes.post(
    '/api/Admin/documents/publish',
    { schema: { body: publishDocumentsBodySchema, response: { 200: publishDocumentsResultSchema, ...errors } } },
    (request) => {
      return publishDocuments(deps, request.body.ids, request.body.at, auditContextOf(request));
    },
  );

  routes.post(
    '/api/Admin/documents/:id/publish',
    { schema: { params: adminDocumentParamsSchema, body: publishDocumentBodySchema, response: { 200: adminDocumentSchema, ...errors } } },
    (request) => {
      return publishDocument(deps, request.params.id, request.body?.at, auditContextOf(request));
    },
  );

  routes.post(
    '/api/Admin/documents/:id/versions/:versionId/unpublish',
    { schema: { params: adminVersionParamsSchema, response: { 200: adminDocumentSchema, ...errors } } },
    (request) => {
      return unpublishVersion(deps, request.params.id, request.params.versionId, auditContextOf(request));
    },
  );

  // 409 `referencedByUnits` with the retention end while a shipped unit relies on the version.
  routes.delete(
    '/api/Admin/documents/:id/versions/:versionId',
    { schema: { params: adminVersionParamsSchema, response: { 200: adminDocumentSchema, ...errors } } },
    (request) => {
      return deleteVersion(deps, request.params.id, request.params.versionId, auditContextOf(request));
    },
  );
}
