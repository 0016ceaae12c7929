import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditListQuerySchema, auditPageSchema, auditVerifySchema } from '@portal/contracts/audit';
import { errorBodySchema } from '@portal/contracts/errors';
import { errorResponses } from '../../platform/errors.ts';
import { auditCsvChunks } from './audit-csv.ts';
import { auditCheckpointing, startCheckpointSchedule, verifyWithCheckpoints } from './audit-checkpointing.ts';
import { auditRowBatches, listAuditPage } from './audit.service.ts';
import type { AuditNames } from './audit-names.ts';

/**
 * The audit log's routes: read, export and verify. Admin only (the console's role hook checks it before
 * validation, auth/admin-role.hook.ts); nothing here changes or removes an entry. The page names actors and
 * objects through `names` (the owners' lookups, handed in by the app); the export keeps the stored fields.
 */
export async function auditRoutes(app: FastifyInstance, options: { names: AuditNames }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // With a signing key, this process signs the chain's head at intervals and verification checks the checkpoints.
  const checkpointing = await auditCheckpointing(app.config);
  if (checkpointing) {
    const stop = startCheckpointSchedule(app.db, checkpointing, app.log);
    app.addHook('onClose', async () => stop());
  }

  routes.get(
    '/api/Admin/audit',
    { schema: { querystring: auditListQuerySchema, response: { 200: auditPageSchema, ...errorResponses } } },
    (request) => listAuditPage(app.db, options.names, request.query),
  );

  routes.get(
    '/api/Admin/audit/export',
    // No response schema: the answer is a stream (errors still take the shared shape).
    { schema: { querystring: auditFilterSchema } },
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
    { schema: { response: { 200: auditVerifySchema, 401: errorBodySchema, 403: errorBodySchema } } },
    () => verifyWithCheckpoints(app.db, checkpointing),
  );
}
