import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cadCatalogueResponseSchema,
  cadConfigurationQuerySchema,
  cadConfigurationResponseSchema,
  cadPartnerLibrariesResponseSchema,
} from '@portal/contracts/cad';
import { downloadUrlListSchema, fileDownloadQuerySchema } from '@portal/contracts/downloads';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { getCatalogue, getConfiguration } from './cad-catalogue.service.ts';
import { parseOptionList } from './cad-configuration.ts';
import { downloadCadFile } from './cad-download.service.ts';
import { listPartnerLibraries } from './cad-library.service.ts';

/** `/api/Cad`: the robot configurator (catalogue, configurations), partner libraries, single-file downloads. */
export async function cadRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, events: app.events, fileUrls: app.fileUrls };

  routes.get(
    '/api/Cad/catalogue',
    { schema: { response: { 200: cadCatalogueResponseSchema, ...errorResponses } } },
    (request) => getCatalogue(deps, request.user),
  );

  routes.get(
    '/api/Cad/configurations',
    { schema: { querystring: cadConfigurationQuerySchema, response: { 200: cadConfigurationResponseSchema, ...errorResponses } } },
    (request) => getConfiguration(deps, request.user, request.query.model, parseOptionList(request.query.options)),
  );

  routes.get(
    '/api/Cad/partnerLibraries',
    { schema: { response: { 200: cadPartnerLibrariesResponseSchema, ...errorResponses } } },
    (request) => listPartnerLibraries(deps, request.user),
  );

  routes.post(
    '/api/Cad/download',
    { schema: { querystring: fileDownloadQuerySchema, response: { 200: downloadUrlListSchema, ...errorResponses } } },
    (request) => downloadCadFile(deps, request.user, request.query.fileId, auditContextOf(request)),
  );
}
