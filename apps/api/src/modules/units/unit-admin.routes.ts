import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNoticeSchema,
  adminUnitListQuerySchema,
  applicabilityBodySchema,
  applicabilityParamsSchema,
  applicabilityResponseSchema,
  createNoticeBodySchema,
  noticeParamsSchema,
  noticeTranslationBodySchema,
  noticeTranslationParamsSchema,
  unitImportResponseSchema,
  unitListResponseSchema,
  unitParamsSchema,
  unitSummarySchema,
  updateUnitBodySchema,
} from '@portal/contracts/units';
import { errorBodySchema } from '@portal/contracts/errors';
import { errorResponses } from '../../platform/errors.ts';
import { acceptTextBody } from '../../platform/uploads/index.ts';
import { auditContextOf } from '../audit/index.ts';
import { listAdminUnits, updateAdminUnit } from './unit-admin.service.ts';
import { getApplicability, setApplicability } from './unit-applicability.ts';
import { importUnits, maxImportBytes } from './unit-import.ts';
import { closeOpenNotice, createNotice, listAllNotices, translateNotice } from './unit-notices.ts';

/** `/api/Admin/units/…` (publishers and admins, checked before validation by the console's role hook): list, edit and import the installed base, set where documents apply, publish notices. */
export async function unitAdminRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };
  const unitDeps = { db: app.db, publicUrl: app.config.publicUrl };
  // CSV arrives as text; this parser is scoped to this plugin's routes.
  acceptTextBody(app, ['text/csv', 'text/plain'], maxImportBytes);

  routes.post(
    '/api/Admin/units/import',
    { bodyLimit: maxImportBytes, schema: { body: z.string(), response: { 200: unitImportResponseSchema, 413: errorBodySchema, 415: errorBodySchema, ...errorResponses } } },
    (request) => importUnits(app.db, request.body, auditContextOf(request)),
  );

  routes.get(
    '/api/Admin/units',
    { schema: { querystring: adminUnitListQuerySchema, response: { 200: unitListResponseSchema, ...errorResponses } } },
    (request) => listAdminUnits(unitDeps, request.query),
  );

  routes.get(
    '/api/Admin/units/applicability/:documentId',
    { schema: { params: applicabilityParamsSchema, response: { 200: applicabilityResponseSchema, ...errorResponses } } },
    (request) => getApplicability(deps, request.user, request.params.documentId),
  );

  routes.put(
    '/api/Admin/units/applicability/:documentId',
    { schema: { params: applicabilityParamsSchema, body: applicabilityBodySchema, response: { 200: applicabilityResponseSchema, ...errorResponses } } },
    (request) => setApplicability(deps, request.user, request.params.documentId, request.body, auditContextOf(request)),
  );

  routes.get('/api/Admin/units/notices', { schema: { response: { 200: z.array(adminNoticeSchema), ...errorResponses } } }, () => listAllNotices(deps));

  routes.post(
    '/api/Admin/units/notices',
    { schema: { body: createNoticeBodySchema, response: { 201: adminNoticeSchema, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createNotice(deps, request.body, auditContextOf(request))),
  );

  routes.put(
    '/api/Admin/units/notices/:id/translations/:language',
    { schema: { params: noticeTranslationParamsSchema, body: noticeTranslationBodySchema, response: { 200: adminNoticeSchema, ...errorResponses } } },
    (request) => translateNotice(deps, request.params.id, request.params.language, request.body, auditContextOf(request)),
  );

  routes.post(
    '/api/Admin/units/notices/:id/close',
    { schema: { params: noticeParamsSchema, response: { 200: adminNoticeSchema, ...errorResponses } } },
    (request) => closeOpenNotice(deps, request.params.id, auditContextOf(request)),
  );

  routes.patch(
    '/api/Admin/units/:serial',
    { schema: { params: unitParamsSchema, body: updateUnitBodySchema, response: { 200: unitSummarySchema, ...errorResponses } } },
    (request) => updateAdminUnit(unitDeps, request.params.serial, request.body, auditContextOf(request)),
  );
}
