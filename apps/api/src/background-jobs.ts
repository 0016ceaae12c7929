import type { FastifyInstance } from 'fastify';
import type { JobHandler } from './platform/jobs/job-runner.ts';
import { timedJobHandlers } from './platform/metrics/metric-wrappers.ts';
import { previewJobKinds } from './previews/enqueue-preview-jobs.ts';
import { previewJobHandlers } from './previews/preview-jobs.ts';
import { alertJobHandlers } from './modules/alerts/index.ts';
import { adminDocumentJobHandlers } from './modules/admin-documents/index.ts';
import { adminImportJobHandlers } from './modules/admin-import/index.ts';
import { privacyJobHandlers } from './modules/privacy/index.ts';
import { retentionJobHandlers } from './modules/units/index.ts';
import { paperRequestJobHandlers } from './modules/paper-requests/index.ts';
import { searchAnalyticsJobHandlers } from './modules/search-analytics/index.ts';
import { searchReindexJobHandlers } from './modules/search/index.ts';

/**
 * Every job kind the portal runs, from one place: the API (`app.ts`) and the worker (`worker.ts`)
 * register the same handlers, so either kind of process can run any job it claims.
 */
export function backgroundJobHandlers(app: FastifyInstance): Record<string, JobHandler> {
  const handlers = { ...previewJobHandlers(app.previews), ...alertJobHandlers(app), ...adminDocumentJobHandlers(app), ...adminImportJobHandlers(app), ...privacyJobHandlers(app), ...retentionJobHandlers(app), ...paperRequestJobHandlers(app), ...searchAnalyticsJobHandlers(app), ...searchReindexJobHandlers(app) };
  return timedJobHandlers(app.metrics, handlers, previewJobKinds);
}
