import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eraseUserBodySchema, personalDataParamsSchema, personalDataSchema, userErasureSchema } from '@portal/contracts/privacy';
import { errorResponses } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs/job-runner.ts';
import { auditContextOf } from '../audit/index.ts';
import { erasedSubjectsTopic } from '../users/index.ts';
import { eraseUser, exportPersonalData, runStatisticsRetention, scheduleStatisticsRetention, statisticsRetentionJob } from './privacy.service.ts';

/** GET /api/Admin/users/{user}/personal-data and POST …/erase: admins only (the role hook's `/api/Admin/users`). */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Admin/users/:user/personal-data',
    { schema: { params: personalDataParamsSchema, response: { 200: personalDataSchema, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exportPersonalData(app.db, request.params.user);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Admin/users/:user/erase',
    { schema: { params: personalDataParamsSchema, body: eraseUserBodySchema, response: { 200: userErasureSchema, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const erasure = await eraseUser(app.db, auditContextOf(request), request.params.user, request.body.confirm);
      // Committed: every process checks the users it saw recently again, so the person's old token gets 401.
      await app.cacheBus.publish(erasedSubjectsTopic);
      return erasure;
    },
  );
  // Queued by every process that starts; the day's key keeps it to one run a day.
  app.addHook('onReady', () => scheduleStatisticsRetention(app.db));
}

/** The statistics retention job (STATISTICS_RETENTION_MONTHS), for the API server and the worker alike. */
export function privacyJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  return {
    [statisticsRetentionJob]: async () => {
      const removed = await runStatisticsRetention(app.db, app.config.STATISTICS_RETENTION_MONTHS);
      if (removed.views + removed.downloads > 0) app.log.info({ ...removed, months: app.config.STATISTICS_RETENTION_MONTHS }, 'statistics past their retention removed');
    },
  };
}
