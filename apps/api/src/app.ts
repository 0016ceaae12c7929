import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerAuthentication } from './auth/authenticate.ts';
import { oidcRoutes } from './auth/oidc/oidc.routes.ts';
import { createOidcProvider, viteDevOrigin } from './auth/oidc/provider.ts';
import { loadSigningKeys } from './auth/signing-keys.ts';
import { createTokenVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type DialectName } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations/index.ts';
import type { Database } from './platform/db/schema.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerMaintenanceHook } from './modules/maintenance/maintenance.hook.ts';
import { createMaintenanceRepository } from './modules/maintenance/maintenance.repository.ts';
import { createMaintenanceService, type MaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { softwareRoutes } from './modules/software/software.routes.ts';
import { cadRoutes } from './modules/cad/cad.routes.ts';
import { downloadRoutes } from './modules/downloads/download.routes.ts';
import { favoriteRoutes } from './modules/favorites/favorite.routes.ts';
import { createUserService } from './modules/users/user.service.ts';
import { storagePlugin } from './platform/storage/storage.plugin.ts';
import { previewsPlugin } from './previews/previews.plugin.ts';
import { jobsPlugin } from './platform/jobs/jobs.plugin.ts';
import { demoSeedPlugin } from './demo/seed.plugin.ts';
import { adminDocumentRoutes } from './modules/admin-documents/admin-document.routes.ts';
import { previewRoutes } from './modules/previews/preview.routes.ts';
import { fileUrlsPlugin } from './platform/delivery/file-urls.plugin.ts';
import { documentRoutes } from './modules/documents/document.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { appConfigRoutes } from './web/app-config.routes.ts';
import { registerApiCors } from './web/cors.hook.ts';
import { securityHeaders } from './web/security-headers.ts';
import { securityHeadersPlugin } from './web/security-headers.plugin.ts';
import { serviceWorkerRoutes } from './web/service-worker.routes.ts';
import { registerWebApp } from './web/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    /** Maintenance state; the admin module calls `invalidate()` after changing the database flag. */
    maintenance: MaintenanceService;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (tests); when absent the configured one is opened, migrated and closed with the app. */
  database?: DatabaseHandle;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(config.LOG_PRETTY === '1' ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
  };
}

/** Builds the API server from its plugins; `server.ts` only listens and shuts down. */
export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const handle = database ?? openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
  if (!database) await migrateToLatest(handle.db);

  const app = Fastify({ logger: loggerOptions(config) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  if (!database) app.addHook('onClose', () => handle.db.destroy());
  registerErrorHandler(app);
  if (config.SENTRY_DSN) (await import('@sentry/node')).setupFastifyErrorHandler(app);
  await app.register(securityHeadersPlugin, securityHeaders(config));

  const webOrigins = [...new Set([new URL(config.publicUrl).origin, viteDevOrigin])];
  const keys = config.embeddedOidc ? await loadSigningKeys(config.dataDir) : undefined;
  const maintenance = createMaintenanceService(createMaintenanceRepository(handle.db), { configuredUntil: config.MAINTENANCE_UNTIL });
  const users = createUserService(createUserRepository(handle.db));
  app.decorate('maintenance', maintenance);

  // Order matters: CORS preflights first, then maintenance (418 even with an expired token), then authentication.
  registerApiCors(app, webOrigins);
  registerMaintenanceHook(app, maintenance);
  registerAuthentication(app, {
    verifyToken: createTokenVerifier({ issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE, localJwks: keys?.publicJwks }),
    subscriptionKey: config.API_SUBSCRIPTION_KEY,
    onAuthenticated: (_request, user) => users.record(user),
  });

  await app.register(healthRoutes);
  await app.register(appConfigRoutes, { config });
  await app.register(serviceWorkerRoutes);
  if (keys) await app.register(oidcRoutes, { provider: createOidcProvider(config, keys), redirectOrigins: webOrigins });

  await app.register(storagePlugin, { config });
  await app.register(previewsPlugin);
  await app.register(jobsPlugin, { concurrency: config.JOB_CONCURRENCY });
  await app.register(demoSeedPlugin, { enabled: config.SEED_DEMO === 'true' });
  await app.register(fileUrlsPlugin, { config });

  // ---- Module routes: one `await app.register(xRoutes, …)` line per module. ----
  await app.register(userRoutes, { users });
  await app.register(softwareRoutes);
  await app.register(cadRoutes);
  await app.register(downloadRoutes);
  await app.register(favoriteRoutes);
  await app.register(documentRoutes, {});
  await app.register(searchRoutes);
  await app.register(adminDocumentRoutes, { maxUploadBytes: config.UPLOAD_MAX_BYTES });
  await app.register(previewRoutes);
  // ---- End of module routes. ----

  await registerWebApp(app, { webDistDir: config.webDistDir });
  return app;
}
