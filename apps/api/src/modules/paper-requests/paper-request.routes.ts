import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paperRequestBodySchema,
  paperRequestListQuerySchema,
  paperRequestListSchema,
  paperRequestParamsSchema,
  paperRequestSchema,
  paperRequestStatusBodySchema,
} from '@portal/contracts/paper-requests';
import { unitParamsSchema } from '@portal/contracts/units';
import { contentDisposition } from '../../platform/delivery/http-range.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { printPaperRequest } from './paper-request-print.ts';
import { schedulePaperReminders } from './paper-request-reminders.ts';
import { advancePaper, listPaperRequestQueue, requestPaper, type PaperRequestDeps } from './paper-request.service.ts';

/**
 * Paper on request: the unit owner's request (`/api/Units/{serial}/paper-requests`) and the console's
 * queue (`/api/Admin/paper-requests`, gated by the /api/Admin role hook: publishers and admins).
 */
export async function paperRequestRoutes(app: FastifyInstance, options: { now?: () => Date } = {}): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: PaperRequestDeps = { db: app.db, events: app.events, afterCommit: () => app.jobs.wake(), now: options.now };
  app.addHook('onReady', () => schedulePaperReminders(app.db));

  routes.post(
    '/api/Units/:serial/paper-requests',
    { schema: { params: unitParamsSchema, body: paperRequestBodySchema, response: { 201: paperRequestSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await requestPaper(deps, request.user, request.params.serial, request.body, auditContextOf(request))),
  );

  routes.get(
    '/api/Admin/paper-requests',
    { schema: { querystring: paperRequestListQuerySchema, response: { 200: paperRequestListSchema, ...errorResponses } } },
    (request) => listPaperRequestQueue(deps, request.query),
  );

  // The print shop's PDF (cover and documents); bounded in size and pages (413 beyond).
  routes.get('/api/Admin/paper-requests/:id/print.pdf', { schema: { params: paperRequestParamsSchema } }, async (request, reply) => {
    const print = { ...deps, storage: app.storage, maker: app.config.MAKER_NAME };
    const { fileName, bytes } = await printPaperRequest(print, request.user, request.params.id, auditContextOf(request));
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', fileName)).send(Buffer.from(bytes));
  });

  routes.post(
    '/api/Admin/paper-requests/:id/status',
    { schema: { params: paperRequestParamsSchema, body: paperRequestStatusBodySchema, response: { 200: paperRequestSchema, ...errorResponses } } },
    (request) => advancePaper(deps, request.params.id, request.body, auditContextOf(request)),
  );
}
