import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  searchAnalyticsExportQuerySchema,
  searchAnalyticsFilterSchema,
  searchAnalyticsListQuerySchema,
  searchAnalyticsNoResultsSchema,
  searchAnalyticsQueryDetailSchema,
  searchAnalyticsQueryParamsSchema,
  searchAnalyticsSummarySchema,
  searchAnalyticsTopSchema,
} from '@portal/contracts/search-analytics';
import { errorResponses } from '../../platform/errors.ts';
import { scheduleSearchAnalyticsJobs } from './search-analytics.jobs.ts';
import { documentsCsv, noResultsCsv, risingCsv, topCsv, variantsCsv } from './search-analytics.presenter.ts';
import { attachRecorder, defaultRecorderOptions, detachRecorder, SearchAnalyticsRecorder, type RecorderOptions } from './search-analytics.recorder.ts';
import { searchNoResults, searchQueryDetail, searchSummary, searchTop } from './search-analytics.service.ts';
import { recordEvents, userKeyMaker } from './search-intents.ts';

export interface SearchAnalyticsRouteOptions {
  recorder?: Partial<Pick<RecorderOptions, 'capacity' | 'flushMs'>>;
}

/**
 * Search analytics of the publishing console (publishers and admins: the admin-role hook's `/api/Admin` gate), and
 * this process's recorder, which the subscribers feed and which writes every couple of seconds. With
 * SEARCH_ANALYTICS_RECORDING=false there is no recorder: nothing is recorded, the dashboard shows what was.
 */
export async function searchAnalyticsRoutes(app: FastifyInstance, options: SearchAnalyticsRouteOptions = {}): Promise<void> {
  const recorder = app.config.SEARCH_ANALYTICS_RECORDING === 'true' ? startRecorder(app, options) : null;
  app.addHook('onReady', () => scheduleSearchAnalyticsJobs(app.db));

  const routes = app.withTypeProvider<ZodTypeProvider>();
  // What this process has buffered is written first: a figure never lags behind a search made here.
  const written = async () => {
    await recorder?.flush();
  };

  routes.get(
    '/api/Admin/analytics/search/summary',
    { schema: { querystring: searchAnalyticsFilterSchema, response: { 200: searchAnalyticsSummarySchema, ...errorResponses } } },
    async (request, reply) => {
      await written();
      reply.header('cache-control', 'no-store');
      return searchSummary(app.db, request.query);
    },
  );
  routes.get(
    '/api/Admin/analytics/search/top',
    { schema: { querystring: searchAnalyticsListQuerySchema, response: { 200: searchAnalyticsTopSchema, ...errorResponses } } },
    async (request, reply) => {
      await written();
      reply.header('cache-control', 'no-store');
      return searchTop(app.db, request.query);
    },
  );
  routes.get(
    '/api/Admin/analytics/search/no-results',
    { schema: { querystring: searchAnalyticsListQuerySchema, response: { 200: searchAnalyticsNoResultsSchema, ...errorResponses } } },
    async (request, reply) => {
      await written();
      reply.header('cache-control', 'no-store');
      return searchNoResults(app.db, request.query);
    },
  );
  routes.get(
    '/api/Admin/analytics/search/queries/:query',
    { schema: { params: searchAnalyticsQueryParamsSchema, querystring: searchAnalyticsListQuerySchema, response: { 200: searchAnalyticsQueryDetailSchema, ...errorResponses } } },
    async (request, reply) => {
      await written();
      reply.header('cache-control', 'no-store');
      return searchQueryDetail(app.db, request.params.query, request.query);
    },
  );
  routes.get(
    '/api/Admin/analytics/export',
    // No response schema: the answer is CSV text (bounded by `limit`).
    { schema: { querystring: searchAnalyticsExportQuerySchema } },
    async (request, reply) => {
      await written();
      const { table, query, ...filter } = request.query;
      let csv: string;
      if (table === 'top') csv = topCsv(await searchTop(app.db, filter));
      else if (table === 'rising') csv = risingCsv(await searchTop(app.db, filter));
      else if (table === 'no-results') csv = noResultsCsv(await searchNoResults(app.db, filter));
      else {
        const detail = await searchQueryDetail(app.db, query ?? '', filter);
        csv = table === 'query-variants' ? variantsCsv(detail) : documentsCsv(detail);
      }
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="search-${table}.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  );
}

function startRecorder(app: FastifyInstance, options: SearchAnalyticsRouteOptions): SearchAnalyticsRecorder {
  let keyOf: ((sub: string) => string) | undefined;
  const recorder = new SearchAnalyticsRecorder(
    async (events) => {
      keyOf ??= await userKeyMaker(app.db);
      await recordEvents(app.db, keyOf, events);
    },
    {
      ...defaultRecorderOptions,
      ...options.recorder,
      onEvent: (dropped) => app.metrics.searchAnalyticsEvent(dropped),
      onError: (error) => app.log.warn({ err: error }, 'search analytics not recorded'),
    },
  );
  attachRecorder(app.db, recorder);
  app.addHook('onClose', async () => {
    detachRecorder(app.db);
    await recorder.close();
  });
  return recorder;
}
