import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCadLibraryListSchema,
  adminCadLibraryParamsSchema,
  adminCadLibrarySchema,
  adminSoftwareItemParamsSchema,
  adminSoftwareItemSchema,
  adminSoftwareListSchema,
  adminSoftwareVersionParamsSchema,
  catalogueImportQuerySchema,
  catalogueImportReportSchema,
  createSoftwareItemBodySchema,
  maxCatalogueBytes,
  newCadLibraryVersionMetadataSchema,
  newSoftwareVersionMetadataSchema,
  updateSoftwareItemBodySchema,
  updateSoftwareVersionBodySchema,
} from '@portal/contracts/admin-software';
import { errorBodySchema } from '@portal/contracts/errors';
import { requirePublisher } from '../../auth/require-role.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { createLibraryVersion, listLibrariesForStaff, precheckLibraryVersion } from './admin-cad-library.service.ts';
import {
  createSoftwareItem,
  createSoftwareVersion,
  getSoftwareForStaff,
  listSoftwareForStaff,
  precheckSoftwareVersion,
  updateSoftwareItem,
  updateSoftwareVersion,
  type PublishingDeps,
} from './admin-software.service.ts';
import { readCatalogueUpload } from './catalogue-upload.ts';
import { importCatalogue } from './catalogue.service.ts';
import { readReleaseForm } from './release-form.ts';

const errors = { ...errorResponses, 409: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };

/**
 * `/api/Admin/software…` and `/api/Admin/cad…` (publishers and admins): software items and versions,
 * partner library versions, and the configurator's catalogue. Each change is audited.
 */
export async function adminSoftwareRoutes(app: FastifyInstance, options: { maxUploadBytes: number }): Promise<void> {
  await app.register(multipart);
  // The catalogue may come as CSV text; this parser is scoped to this plugin's routes.
  app.addContentTypeParser(['text/csv'], { parseAs: 'string', bodyLimit: maxCatalogueBytes }, (_request, body, done) => done(null, body));
  const deps: PublishingDeps = { db: app.db, afterCommit: () => app.jobs.wake() };
  // Before the body is read: a customer or an anonymous caller learns nothing from validation errors.
  const publisherOnly = async (request: FastifyRequest) => requirePublisher(request);
  const form = { storage: app.storage, maxBytes: options.maxUploadBytes };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/Admin/software', { onRequest: publisherOnly, schema: { response: { 200: adminSoftwareListSchema, ...errors } } }, () => listSoftwareForStaff(deps));

  routes.get(
    '/api/Admin/software/:itemId',
    { onRequest: publisherOnly, schema: { params: adminSoftwareItemParamsSchema, response: { 200: adminSoftwareItemSchema, ...errors } } },
    (request) => getSoftwareForStaff(deps, request.params.itemId),
  );

  routes.post(
    '/api/Admin/software',
    { onRequest: publisherOnly, schema: { body: createSoftwareItemBodySchema, response: { 201: adminSoftwareItemSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createSoftwareItem(deps, request.body, auditContextOf(request))),
  );

  routes.patch(
    '/api/Admin/software/:itemId',
    { onRequest: publisherOnly, schema: { params: adminSoftwareItemParamsSchema, body: updateSoftwareItemBodySchema, response: { 200: adminSoftwareItemSchema, ...errors } } },
    (request) => updateSoftwareItem(deps, request.params.itemId, request.body, auditContextOf(request)),
  );

  routes.post(
    '/api/Admin/software/:itemId/versions',
    { onRequest: publisherOnly, schema: { params: adminSoftwareItemParamsSchema, response: { 201: adminSoftwareItemSchema, ...uploadErrors } } },
    async (request, reply) => {
      const { itemId } = request.params;
      const { metadata, uploads } = await readReleaseForm(request, newSoftwareVersionMetadataSchema, {
        ...form,
        beforeFiles: (m) => precheckSoftwareVersion(deps, itemId, m),
      });
      return reply.status(201).send(await createSoftwareVersion(deps, itemId, metadata, uploads, auditContextOf(request)));
    },
  );

  routes.patch(
    '/api/Admin/software/:itemId/versions/:versionId',
    {
      onRequest: publisherOnly,
      schema: { params: adminSoftwareVersionParamsSchema, body: updateSoftwareVersionBodySchema, response: { 200: adminSoftwareItemSchema, ...errors } },
    },
    (request) => updateSoftwareVersion(deps, request.params.itemId, request.params.versionId, request.body, auditContextOf(request)),
  );

  routes.get('/api/Admin/cad/libraries', { onRequest: publisherOnly, schema: { response: { 200: adminCadLibraryListSchema, ...errors } } }, () => listLibrariesForStaff(deps));

  routes.post(
    '/api/Admin/cad/libraries/:libraryId/versions',
    { onRequest: publisherOnly, schema: { params: adminCadLibraryParamsSchema, response: { 201: adminCadLibrarySchema, ...uploadErrors } } },
    async (request, reply) => {
      const { libraryId } = request.params;
      const { metadata, uploads } = await readReleaseForm(request, newCadLibraryVersionMetadataSchema, {
        ...form,
        beforeFiles: (m) => precheckLibraryVersion(deps, libraryId, m),
      });
      return reply.status(201).send(await createLibraryVersion(deps, libraryId, metadata, uploads, auditContextOf(request)));
    },
  );

  routes.post(
    '/api/Admin/cad/catalogue',
    {
      onRequest: publisherOnly,
      bodyLimit: maxCatalogueBytes,
      schema: { querystring: catalogueImportQuerySchema, body: z.unknown(), response: { 200: catalogueImportReportSchema, ...uploadErrors } },
    },
    async (request) => importCatalogue(deps, await readCatalogueUpload(request), request.query, auditContextOf(request)),
  );
}
