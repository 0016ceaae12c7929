import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { handoverClassesSchema, handoverTypeParamsSchema, setHandoverClassBodySchema } from '@portal/contracts/handover';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { listHandoverClasses, setHandoverClass } from './handover-class.service.ts';

/** The VDI 2770 class of each document type, for publishers and admins (the console's admin-role hook gates /api/Admin). */
export async function handoverClassRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/Admin/handover/classes', { schema: { response: { 200: handoverClassesSchema, ...errorResponses } } }, () => listHandoverClasses(app.db));

  routes.put(
    '/api/Admin/handover/classes/:typeCode',
    { schema: { params: handoverTypeParamsSchema, body: setHandoverClassBodySchema, response: { 200: handoverClassesSchema, ...errorResponses } } },
    (request) => setHandoverClass(app.db, request.params.typeCode, request.body, auditContextOf(request)),
  );
}
