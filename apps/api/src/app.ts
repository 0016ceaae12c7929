import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerAdminRoleHook } from './auth/admin-role.hook.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { embeddedSignIn } from './auth/oidc/embedded-sign-in.ts';
import { loadProviderKeys } from './auth/signing-keys.ts';
import { createTokenVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import { prepareDataDir } from './data-dir.ts';
import { openDatabase, type DatabaseHandle, type DialectName } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations/index.ts';
import type { Database } from './platform/db/schema.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { cacheBusPlugin } from './platform/cache-bus/cache-bus.plugin.ts';
import { contentCommitsPlugin } from './platform/content-kinds/content-commits.plugin.ts';
import { redisPlugin } from './platform/redis.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerMaintenanceHook } from './modules/maintenance/maintenance.hook.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { auditObjectNames } from './audit-object-names.ts';
import { adminJobRoutes } from './modules/admin-jobs/index.ts';
import { documentGrantRoutes } from './modules/access/index.ts';
import { createMaintenanceRepository } from './modules/maintenance/maintenance.repository.ts';
import { createMaintenanceService, type MaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { adminUserRoutes } from './modules/users/index.ts';
import { softwareRoutes } from './modules/software/software.routes.ts';
import { cadRoutes } from './modules/cad/cad.routes.ts';
import { downloadRoutes } from './modules/downloads/download.routes.ts';
import { favoriteRoutes } from './modules/favorites/favorite.routes.ts';
import { createUserService } from './modules/users/user.service.ts';
import { storagePlugin } from './platform/storage/storage.plugin.ts';
import { previewsPlugin } from './previews/previews.plugin.ts';
import { jobsPlugin } from './platform/jobs/jobs.plugin.ts';
import { demoSeedPlugin } from './demo/seed.plugin.ts';
import { contentKinds, releaseKinds } from './modules/content-kinds.ts';
import { backgroundJobHandlers } from './background-jobs.ts';
import { createPortalEvents } from './event-subscribers.ts';
import { eventsPlugin } from './platform/events/index.ts';
import { adminDocumentRoutes } from './modules/admin-documents/admin-document.routes.ts';
import { adminSoftwareRoutes } from './modules/admin-software/index.ts';
import { previewRoutes } from './modules/previews/preview.routes.ts';
import { fileUrlsPlugin } from './platform/delivery/file-urls.plugin.ts';
import { documentRoutes } from './modules/documents/document.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { retentionRoutes, unitAdminRoutes, unitAlertLookups, unitRoutes } from './modules/units/index.ts';
import { aasRoutes, handoverClassRoutes, handoverImportRoutes, vdi2770Routes } from './modules/handover/index.ts';
import { alertRoutes } from './modules/alerts/index.ts';
import { statisticsRoutes } from './modules/statistics/index.ts';
import { searchAnalyticsRoutes } from './modules/search-analytics/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { adminImportRoutes } from './modules/admin-import/index.ts';
import { paperRequestRoutes } from './modules/paper-requests/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import { languageCoverageRoutes } from './modules/language-coverage/index.ts';
import { appConfigRoutes } from './web/app-config.routes.ts';
import { registerApiCors } from './web/cors.hook.ts';
import { securityHeaders } from './web/security-headers.ts';
import { securityHeadersPlugin } from './web/security-headers.plugin.ts';
import { serviceWorkerRoutes } from './web/service-worker.routes.ts';
import { registerWebApp } from './web/web-app.ts';
import { apiRateLimitPlugin } from './web/rate-limit.plugin.ts';
import { requestLogSerializers } from './web/request-log.ts';
import { turnQueuePlugin } from './platform/turns/turn-queue.plugin.ts';
import { metricsPlugin } from './platform/metrics/metrics.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    /** Maintenance state; `set()` changes it for every process. */
    maintenance: MaintenanceService;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (tests); when absent the configured one is opened, migrated and closed with the app. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Trusts the hop next to the server (the proxy in front) and nothing beyond it. */
const nearestProxyOnly = (_address: string, hop: number) => hop < 1;

function loggerOptions(config: Config, logStream: BuildAppOptions['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Tokens travel in paths and query strings (/files/<token>, ?code=…): requests are logged redacted.
    serializers: requestLogSerializers,
    ...(logStream ? { stream: logStream } : {}),
    ...(config.LOG_PRETTY === '1' && !logStream ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
  };
}

/** Builds the API server from its plugins; `server.ts` only listens and shuts down. */
export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  await prepareDataDir(config.dataDir, database || config.DATABASE_URL ? undefined : config.sqliteFile);
  const handle = database ?? openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  if (!database) await migrateToLatest(handle.db);

  // An https PUBLIC_URL means a TLS-terminating proxy in front (as the embedded provider assumes): the client's
  // address is the one that proxy adds, which sign-in throttling counts by. Farther hops could be forged.
  // maxParamLength: room in a path parameter for any query search analytics stores (searchAnalyticsMaxQueryLength,
  // 200 characters once decoded and trimmed), so that a longer one gets the route's 400 rather than a bare 414.
  const app = Fastify({ logger: loggerOptions(config, logStream), trustProxy: config.publicUrl.startsWith('https:') ? nearestProxyOnly : false, routerOptions: { maxParamLength: 1000 } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  if (!database) app.addHook('onClose', () => handle.db.destroy());
  registerErrorHandler(app);
  // First of all hooks: a crowd of requests takes its turns, and the health checks answer meanwhile.
  await app.register(turnQueuePlugin);
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, port: config.METRICS_PORT, host: config.HOST });
  if (config.SENTRY_DSN) (await import('@sentry/node')).setupFastifyErrorHandler(app);
  await app.register(securityHeadersPlugin, securityHeaders(config));
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(cacheBusPlugin, { redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  if (handle.connection) await app.register(contentCommitsPlugin, { connection: handle.connection });

  const webOrigins = config.webOrigins;
  const keys = config.embeddedOidc ? await loadProviderKeys(config, handle.db) : undefined;
  const maintenance = createMaintenanceService(createMaintenanceRepository(handle.db), { configuredUntil: config.MAINTENANCE_UNTIL, bus: app.cacheBus });
  const users = createUserService(createUserRepository(handle.db), { bus: app.cacheBus });
  app.decorate('maintenance', maintenance);

  // Order matters: CORS preflights first, then maintenance (418 even with an expired token), then authentication.
  registerApiCors(app, webOrigins);
  const verifyToken = createTokenVerifier({
    issuer: config.oidcIssuer,
    audience: config.OIDC_AUDIENCE,
    localJwks: keys?.publicJwks,
    reloadLocalJwks: keys?.reloadPublicJwks,
    requireVerifiedEmail: !config.embeddedOidc,
  });
  registerMaintenanceHook(app, maintenance, { verifyToken });
  registerAuthentication(app, {
    verifyToken,
    subscriptionKey: config.API_SUBSCRIPTION_KEY,
    onAuthenticated: (_request, user) => users.record(user),
  });
  // Every /api/Admin route added after this checks its role before validation (one hook, not one per route).
  registerAdminRoleHook(app);
  // Before every route: the limit's hook joins each route added after it, behind authentication.
  await app.register(apiRateLimitPlugin, { perMinute: config.API_RATE_LIMIT, keyPrefix: config.REDIS_KEY_PREFIX });

  await app.register(healthRoutes);
  await app.register(appConfigRoutes, { config });
  await app.register(serviceWorkerRoutes);
  if (keys) await app.register(embeddedSignIn, { config, keys });

  // Before anything that changes content: every writer announces its changes on this bus.
  await app.register(eventsPlugin, { bus: createPortalEvents(app.log) });
  await app.register(storagePlugin, { config });
  await app.register(previewsPlugin);
  await app.register(jobsPlugin, { concurrency: config.JOB_CONCURRENCY });
  // The units announce notices through the alerts, so the alerts are handed what they ask of units.
  app.decorate('unitAlerts', unitAlertLookups);
  app.jobs.handle(backgroundJobHandlers(app));
  await app.register(demoSeedPlugin, { enabled: config.SEED_DEMO === 'true' });
  await app.register(fileUrlsPlugin, { config });

  // ---- Module routes: one `await app.register(xRoutes, …)` line per module. ----
  await app.register(userRoutes, { users });
  await app.register(adminUserRoutes);
  await app.register(softwareRoutes);
  await app.register(cadRoutes);
  await app.register(downloadRoutes, { kinds: contentKinds });
  await app.register(favoriteRoutes, { kinds: contentKinds });
  await app.register(documentRoutes, {});
  await app.register(searchRoutes);
  await app.register(adminDocumentRoutes, { maxUploadBytes: config.UPLOAD_MAX_BYTES });
  await app.register(adminSoftwareRoutes, { maxUploadBytes: config.UPLOAD_MAX_BYTES, releaseKinds });
  await app.register(previewRoutes);
  await app.register(maintenanceRoutes, { maintenance });
  await app.register(auditRoutes, { names: auditObjectNames });
  await app.register(adminJobRoutes);
  await app.register(documentGrantRoutes);
  await app.register(unitRoutes);
  await app.register(unitAdminRoutes);
  await app.register(retentionRoutes);
  await app.register(handoverClassRoutes);
  await app.register(vdi2770Routes);
  await app.register(handoverImportRoutes, { maxUploadBytes: config.UPLOAD_MAX_BYTES });
  await app.register(aasRoutes);
  await app.register(paperRequestRoutes);
  await app.register(feedbackRoutes);
  await app.register(alertRoutes);
  await app.register(statisticsRoutes);
  await app.register(searchAnalyticsRoutes);
  await app.register(languageCoverageRoutes);
  await app.register(privacyRoutes);
  await app.register(adminImportRoutes, { maxUploadBytes: config.UPLOAD_MAX_BYTES });
  // ---- End of module routes. ----

  await registerWebApp(app, { webDistDir: config.webDistDir });
  return app;
}
