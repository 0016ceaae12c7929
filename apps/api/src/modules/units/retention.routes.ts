import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProductListSchema,
  adminProductParamsSchema,
  adminProductSchema,
  expiringRetentionQuerySchema,
  expiringRetentionSchema,
  updateProductBodySchema,
} from '@portal/contracts/retention';
import { errorResponses } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { auditContextOf } from '../audit/index.ts';
import { expiringRetention } from './retention-expiring.ts';
import { listAdminProducts, retentionJobKind, runRetentionCheck, scheduleRetentionCheck, updateProductLifetime } from './retention.service.ts';

/** Products' expected lifetimes and the versions whose retention ends soon (publishers and admins). */
export async function retentionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get('/api/Admin/products', { schema: { response: { 200: adminProductListSchema, ...errorResponses } } }, () => listAdminProducts(app.db));

  routes.patch(
    '/api/Admin/products/:code',
    { schema: { params: adminProductParamsSchema, body: updateProductBodySchema, response: { 200: adminProductSchema, ...errorResponses } } },
    (request) => updateProductLifetime(app.db, request.params.code, request.body, auditContextOf(request)),
  );

  routes.get(
    '/api/Admin/retention/expiring',
    { schema: { querystring: expiringRetentionQuerySchema, response: { 200: expiringRetentionSchema, ...errorResponses } } },
    (request) => expiringRetention(app.db, request.query.days),
  );

  // Queued by every process that starts; the night's key keeps it to one run a day.
  app.addHook('onReady', () => scheduleRetentionCheck(app.db));
}

/** The nightly retention check, for the API server and the worker alike. */
export function retentionJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return { [retentionJobKind]: async () => void (await runRetentionCheck(app.db, app.log)) };
}
