import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxListQuerySchema, outboxListResponseSchema, outboxMailParamsSchema } from '@portal/contracts/alerts';
import { errorBodySchema } from '@portal/contracts/errors';
import { notFound } from '../../platform/errors.ts';
import { listOutbox, readOutboxMail } from './mail-outbox.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;

/** The mails the embedded default kept in DATA_DIR/outbox/ (they hold users' addresses: admins only). */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { dataDir, SMTP_URL } = app.config;
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get('/api/Admin/outbox', { schema: { querystring: outboxListQuerySchema, response: { 200: outboxListResponseSchema, ...errors } } }, async (request) => {
    const { page, pageSize } = request.query;
    return { ...(await listOutbox(dataDir, (page - 1) * pageSize, pageSize)), delivery: SMTP_URL ? ('smtp' as const) : ('outbox' as const) };
  });

  // No response schema: the answer is the message itself.
  routes.get('/api/Admin/outbox/:id', { schema: { params: outboxMailParamsSchema } }, async (request, reply) => {
    const message = await readOutboxMail(dataDir, request.params.id);
    if (!message) throw notFound('notFound', 'There is no such mail in the outbox.');
    return reply.type('message/rfc822').header('content-disposition', `attachment; filename="${request.params.id}.eml"`).header('cache-control', 'no-store').send(message);
  });
}
