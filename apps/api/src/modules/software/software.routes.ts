import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadUrlListSchema, fileDownloadQuerySchema } from '@portal/contracts/downloads';
import { documentSchema } from '@portal/contracts/documents';
import {
  softwareDocumentationParamsSchema,
  softwareItemParamsSchema,
  softwareItemResponseSchema,
  softwareListQuerySchema,
  softwareListResponseSchema,
} from '@portal/contracts/software';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { downloadStoredFile } from '../downloads/index.ts';
import { readableFile } from './software-access.ts';
import { getReleaseNotesDocument, getSoftwareItem, listSoftware } from './software.service.ts';

/** `/api/Software`: the software list, one item with its versions, its release notes as documents, single-file downloads. */
export async function softwareRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, events: app.events, fileUrls: app.fileUrls };

  routes.get(
    '/api/Software',
    { schema: { querystring: softwareListQuerySchema, response: { 200: softwareListResponseSchema, ...errorResponses } } },
    (request) => listSoftware(deps, request.user, request.query),
  );

  routes.get(
    '/api/Software/:equipmentName',
    { schema: { params: softwareItemParamsSchema, response: { 200: softwareItemResponseSchema, ...errorResponses } } },
    (request) => getSoftwareItem(deps, request.user, request.params.equipmentName),
  );

  routes.get(
    '/api/Software/:equipmentName/documentation/:filename',
    { schema: { params: softwareDocumentationParamsSchema, response: { 200: documentSchema, ...errorResponses } } },
    (request) => getReleaseNotesDocument(deps, request.user, request.params.equipmentName, request.params.filename),
  );

  routes.post(
    '/api/Software/download',
    { schema: { querystring: fileDownloadQuerySchema, response: { 200: downloadUrlListSchema, ...errorResponses } } },
    async (request) => {
      const { item, version, file } = await readableFile(app.db, request.user, request.query.fileId);
      return downloadStoredFile(deps, request.user, file, {
        itemKind: 'software',
        itemId: item.id,
        versionId: version.id,
        versionLabel: version.versionNumber,
      }, auditContextOf(request));
    },
  );
}
