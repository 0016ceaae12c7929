import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audiencePreviewQuerySchema } from '@portal/contracts/audience-preview';
import { searchQuerySchema, searchResponseSchema } from '@portal/contracts/documents';
import { errorResponses } from '../../platform/errors.ts';
import { readerLanguages } from '../units/index.ts';
import { previewViewer } from './audience-preview.ts';
import { attachNoResultReasons, detachNoResultReasons, noResultReason } from './no-result-reason.ts';
import { searchIndexGeneration } from './search-index.repository.ts';
import { startRequestedReindex } from './search-reindex.job.ts';
import { searchReindexRoutes } from './search-reindex.routes.ts';
import { SearchPageCache } from './search-page-cache.ts';
import { SearchWorkerClient } from './search-worker-client.ts';
import { prefillFrequentWords } from './search-word-prefill.ts';
import { sqliteFileOf } from './search.repository.ts';
import { currentContentVersion, search as untimedSearch, searchPage, type SearchAnswer, type SearchDeps, userGrantsAsOf } from './search.service.ts';
import { warmSearchCatalog } from './catalog-search.repository.ts';
import { timedCalls } from '../../platform/metrics/metric-wrappers.ts';

/** GET /api/Content/search, and the same search as another audience sees it for staff (GET /api/Admin/preview/search). */
/** Sends an answer's JSON text as it is: it was checked against the response schema when it was computed. */
function sendSearchAnswer(reply: FastifyReply, answer: SearchAnswer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.json as never);
}

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  // On a SQLite file, searches run in a worker thread: a broad one costs tens of milliseconds of
  // CPU that would otherwise stall every request behind it. PostgreSQL searches wait on the server.
  const sqliteFile = app.dialect === 'sqlite' ? await sqliteFileOf(app.db) : null;
  const worker = sqliteFile ? new SearchWorkerClient(sqliteFile) : null;
  const search = timedCalls(untimedSearch, (seconds) => app.metrics.searchAnswered(seconds));
  const deps: SearchDeps = {
    db: app.db,
    fileUrls: app.fileUrls,
    hasUserGrants: userGrantsAsOf(app.db),
    pages: new SearchPageCache(undefined, app.config.SEARCH_PAGE_CACHE_MB * 1024 * 1024, (hit) => app.metrics.searchPageCache(hit)),
    runSearch: worker
      ? (criteria, contentVersion) => worker.search({ criteria, contentVersion })
      : (criteria) => searchPage(app.db, criteria),
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Content/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const languages = readerLanguages(request.headers['accept-language']);
      const answer = await search(deps, request.user, request.query, languages);
      const { q, type, product, language, page, pageSize } = request.query;
      // Announced without waiting: the answer leaves now, whatever the subscribers do with it.
      app.events.notify(app.db, 'search.performed', {
        userSub: request.user.sub,
        text: q ?? '',
        total: answer.total,
        roles: request.user.roles,
        account: request.user.account,
        locale: languages[0] ?? null,
        facets: { type, product, language },
        page,
        pageSize,
        resultIds: answer.itemIds,
        at: new Date().toISOString(),
      });
      return sendSearchAnswer(reply, answer);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Admin/preview/search',
    { schema: { querystring: audiencePreviewQuerySchema, response: { 200: searchResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { asRole, asAccount, ...query } = request.query;
      return sendSearchAnswer(reply, await search(deps, previewViewer(asRole, asAccount), query, readerLanguages(request.headers['accept-language'])));
    },
  );
  // Search analytics asks why a search found nothing where searches run: never on this event loop with a worker.
  attachNoResultReasons(app.db, worker ? (search, contentVersion) => worker.noResultReason(search, contentVersion) : (search) => noResultReason(app.db, search));
  app.addHook('onClose', async () => {
    detachNoResultReasons(app.db);
    await worker?.close();
  });
  await searchReindexRoutes(app);
  // A migration that changed the index's format asks for a full re-index: queued here as a background
  // job, so that the start never waits for it and search answers while it runs.
  app.addHook('onReady', async () => {
    try {
      const run = await startRequestedReindex(app.db);
      if (!run) return;
      app.log.info({ runId: run.id, documents: run.total }, 'search re-index queued');
      app.jobs.wake();
    } catch (error) {
      app.log.warn({ err: error }, 'the search re-index a migration asked for was not queued; the next start tries again');
    }
  });
  // The first search of a large base would otherwise wait for the catalog to be read; a worker then
  // looks up the frequent words itself, PostgreSQL's matches are looked up from here.
  let closing = false;
  app.addHook('onClose', () => {
    closing = true;
  });
  app.addHook('onListen', () => {
    const warming = worker ? currentContentVersion(app.db).then((version) => worker.warm(version)) : warmFrequentWords(app.db, () => closing);
    warming.catch((error: unknown) => app.log.warn({ err: error }, 'search catalog not built ahead'));
  });
}

/** Builds the catalog, then caches the matches of the frequent words until the catalog changes or the server closes. */
async function warmFrequentWords(db: FastifyInstance['db'], closing: () => boolean): Promise<void> {
  await warmSearchCatalog(db);
  const generation = searchIndexGeneration();
  await prefillFrequentWords(db, () => !closing() && searchIndexGeneration() === generation);
}
