import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJobListQuerySchema, adminJobPageSchema, adminJobParamsSchema, adminJobRetryAllSchema, adminJobSchema } from '@portal/contracts/admin-jobs';
import { errorBodySchema } from '@portal/contracts/errors';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { listAdminJobs, retryAllFailedJobs, retryJob, type AdminJobDeps } from './admin-job.service.ts';

/** The background jobs in the console: list them, queue failed ones again (publishers and admins; each retry is audited). */
export async function adminJobRoutes(app: FastifyInstance): Promise<void> {
  const deps: AdminJobDeps = { db: app.db, wake: () => app.jobs.wake() };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get(
    '/api/Admin/jobs',
    { schema: { querystring: adminJobListQuerySchema, response: { 200: adminJobPageSchema, ...errorResponses } } },
    (request) => listAdminJobs(deps, request.query),
  );

  routes.post(
    '/api/Admin/jobs/retry-failed',
    { schema: { response: { 200: adminJobRetryAllSchema, ...errorResponses } } },
    (request) => retryAllFailedJobs(deps, auditContextOf(request)),
  );

  routes.post(
    '/api/Admin/jobs/:id/retry',
    { schema: { params: adminJobParamsSchema, response: { 200: adminJobSchema, ...errorResponses, 409: errorBodySchema } } },
    (request) => retryJob(deps, auditContextOf(request), request.params.id),
  );
}
