import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentGrantListSchema, documentGrantParamsSchema, documentGrantRevokeParamsSchema } from '@portal/contracts/document-grants';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { listDocumentGrants, revokeDocumentGrant } from './document-grant.service.ts';

/** The named-user grants of a document: list and revoke (publishers and admins; each revoke is audited). */
export async function documentGrantRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get(
    '/api/Admin/documents/:id/grants',
    { schema: { params: documentGrantParamsSchema, response: { 200: documentGrantListSchema, ...errorResponses } } },
    (request) => listDocumentGrants(deps, request.params.id),
  );

  routes.delete(
    '/api/Admin/documents/:id/grants/:mail',
    { schema: { params: documentGrantRevokeParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await revokeDocumentGrant(deps, auditContextOf(request), request.params.id, request.params.mail);
      return reply.status(204).send(null);
    },
  );
}
