import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditListQuerySchema, auditPageSchema, auditVerifySchema } from '@portal/contracts/audit';
import { errorBodySchema } from '@portal/contracts/errors';
import { requireRole } from '../../auth/require-role.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditCsvChunks } from './audit-csv.ts';
import { auditRowBatches, listAuditPage, verifyAuditChain } from './audit.service.ts';

/** The audit log's routes: read, export and verify. Admin only; nothing here changes or removes an entry. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller without the role learns nothing from a 400 about the query.
  const preValidation = async (request: FastifyRequest) => requireRole(request, 'admin');

  routes.get(
    '/api/Admin/audit',
    { preValidation, schema: { querystring: auditListQuerySchema, response: { 200: auditPageSchema, ...errorResponses } } },
    (request) => listAuditPage(app.db, request.query),
  );

  routes.get(
    '/api/Admin/audit/export',
    // No response schema: the answer is a stream (errors still take the shared shape).
    { preValidation, schema: { querystring: auditFilterSchema } },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsvChunks(auditRowBatches(app.db, request.query))));
      return reply;
    },
  );

  routes.get(
    '/api/Admin/audit/verify',
    { preValidation, schema: { response: { 200: auditVerifySchema, 401: errorBodySchema, 403: errorBodySchema } } },
    () => verifyAuditChain(app.db),
  );
}
