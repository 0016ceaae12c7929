import { acceptTextBody, multipart } from '../../platform/uploads/index.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCadLibraryListSchema,
  adminSoftwareItemParamsSchema,
  adminSoftwareItemSchema,
  adminSoftwareListSchema,
  adminSoftwareVersionParamsSchema,
  catalogueImportQuerySchema,
  catalogueImportReportSchema,
  createSoftwareItemBodySchema,
  maxCatalogueBytes,
  updateSoftwareItemBodySchema,
  updateSoftwareVersionBodySchema,
} from '@portal/contracts/admin-software';
import { errorBodySchema } from '@portal/contracts/errors';
import type { ReleaseKind } from '../../platform/content-kinds/release-kind.ts';
import { errorResponses } from '../../platform/errors.ts';
import { requestOrigin } from '../../platform/events/request-origin.ts';
import { listLibrariesForStaff } from './admin-cad-library.service.ts';
import { createSoftwareItem, getSoftwareForStaff, listSoftwareForStaff, updateSoftwareItem, updateSoftwareVersion } from './admin-software.service.ts';
import { readCatalogueUpload } from './catalogue-upload.ts';
import { importCatalogue } from './catalogue.service.ts';
import type { PublishingDeps } from './admin-software.service.ts';
import { readReleaseForm } from './release-form.ts';
import { precheckRelease, publishRelease } from './release.service.ts';

const errors = { ...errorResponses, 409: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };

export interface AdminSoftwareRoutesOptions {
  maxUploadBytes: number;
  /** The kinds published as releases (modules/content-kinds.ts): one POST route each, one form reader, one service. */
  releaseKinds: readonly ReleaseKind[];
}

/**
 * `/api/Admin/software…` and `/api/Admin/cad…` (publishers and admins): software items and versions,
 * partner library versions, and the configurator's catalogue. Each change is announced on `app.events` (and so audited).
 */
export async function adminSoftwareRoutes(app: FastifyInstance, options: AdminSoftwareRoutesOptions): Promise<void> {
  await app.register(multipart);
  // The catalogue may come as CSV text; this parser is scoped to this plugin's routes.
  acceptTextBody(app, ['text/csv'], maxCatalogueBytes);
  const deps: PublishingDeps = { db: app.db, events: app.events, afterCommit: () => app.jobs.wake() };
  // Before the body is read: a customer or an anonymous caller learns nothing from validation errors.
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.
  const form = { storage: app.storage, maxBytes: options.maxUploadBytes };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/Admin/software', { schema: { response: { 200: adminSoftwareListSchema, ...errors } } }, () => listSoftwareForStaff(deps));

  routes.get(
    '/api/Admin/software/:itemId',
    { schema: { params: adminSoftwareItemParamsSchema, response: { 200: adminSoftwareItemSchema, ...errors } } },
    (request) => getSoftwareForStaff(deps, request.params.itemId),
  );

  routes.post(
    '/api/Admin/software',
    { schema: { body: createSoftwareItemBodySchema, response: { 201: adminSoftwareItemSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createSoftwareItem(deps, request.body, requestOrigin(request))),
  );

  routes.patch(
    '/api/Admin/software/:itemId',
    { schema: { params: adminSoftwareItemParamsSchema, body: updateSoftwareItemBodySchema, response: { 200: adminSoftwareItemSchema, ...errors } } },
    (request) => updateSoftwareItem(deps, request.params.itemId, request.body, requestOrigin(request)),
  );

  routes.patch(
    '/api/Admin/software/:itemId/versions/:versionId',
    {
      schema: { params: adminSoftwareVersionParamsSchema, body: updateSoftwareVersionBodySchema, response: { 200: adminSoftwareItemSchema, ...errors } },
    },
    (request) => updateSoftwareVersion(deps, request.params.itemId, request.params.versionId, request.body, requestOrigin(request)),
  );

  routes.get('/api/Admin/cad/libraries', { schema: { response: { 200: adminCadLibraryListSchema, ...errors } } }, () => listLibrariesForStaff(deps));

  for (const kind of options.releaseKinds) {
    routes.post(
      kind.route.url,
      { schema: { params: kind.route.params, response: { 201: kind.route.response, ...uploadErrors } } },
      async (request, reply) => {
        const ownerId = kind.route.ownerIdOf(request.params);
        const { metadata, uploads } = await readReleaseForm(request, kind.route.metadata, { ...form, beforeFiles: (m) => precheckRelease(deps, kind, ownerId, m) });
        return reply.status(201).send(await publishRelease(deps, kind, ownerId, metadata, uploads, requestOrigin(request)));
      },
    );
  }

  routes.post(
    '/api/Admin/cad/catalogue',
    {
      bodyLimit: maxCatalogueBytes,
      schema: { querystring: catalogueImportQuerySchema, body: z.unknown(), response: { 200: catalogueImportReportSchema, ...uploadErrors } },
    },
    async (request) => importCatalogue(deps, await readCatalogueUpload(request), request.query, requestOrigin(request)),
  );
}
