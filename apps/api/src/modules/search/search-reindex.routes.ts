import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { searchReindexStateSchema, type SearchReindexRun } from '@portal/contracts/search-reindex';
import type { Role } from '@portal/contracts/users';
import { conflict, errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { startSearchReindex } from './search-reindex.job.ts';
import { latestReindexRun, type ReindexRunRow } from './search-reindex.repository.ts';

/** Admins only: a re-index costs the database an hour at a million documents. */
const adminOnly: { roles: readonly Role[] } = { roles: ['admin'] };

/** Documents added during a run are counted as done too: the bar never runs past its end. */
function presentRun(run: ReindexRunRow | undefined): SearchReindexRun | null {
  if (!run) return null;
  const { id, status, reason, done, total, startedAt, updatedAt, finishedAt } = run;
  return { id, status, reason, done, total: Math.max(total, done), startedAt, updatedAt, finishedAt };
}

/** GET and POST /api/Admin/search/reindex: the latest full re-index of search and its progress; start one. */
export async function searchReindexRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/Admin/search/reindex',
    { config: adminOnly, schema: { response: { 200: searchReindexStateSchema, ...errorResponses } } },
    async () => ({ run: presentRun(await latestReindexRun(app.db)) }),
  );
  routes.post(
    '/api/Admin/search/reindex',
    { config: adminOnly, schema: { response: { 202: searchReindexStateSchema, ...errorResponses, 409: errorBodySchema } } },
    async (request, reply) => {
      const run = await startSearchReindex(app.db, 'admin', auditContextOf(request));
      if (!run) throw conflict('A re-index of search is running already; its progress is shown in the console.', 'reindexRunning');
      app.jobs.wake();
      return reply.status(202).send({ run: presentRun(run) });
    },
  );
}
