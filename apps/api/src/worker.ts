import Fastify from 'fastify';
import { backgroundJobHandlers } from './background-jobs.ts';
import { ConfigError, loadConfigOrExit } from './config.ts';
import { prepareDataDir } from './data-dir.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations/index.ts';
import { cacheBusPlugin } from './platform/cache-bus/cache-bus.plugin.ts';
import { createPortalEvents } from './event-subscribers.ts';
import { eventsPlugin } from './platform/events/index.ts';
import { jobsPlugin } from './platform/jobs/jobs.plugin.ts';
import { metricsPlugin } from './platform/metrics/metrics.plugin.ts';
import { storagePlugin } from './platform/storage/storage.plugin.ts';
import { previewsPlugin } from './previews/previews.plugin.ts';

/*
 * `npm run worker`: runs background jobs only, with no HTTP listener, beside API processes that
 * share its database and file storage (those may run with JOB_CONCURRENCY=0). It builds the same
 * plugins the API builds for jobs, but never listens. SIGTERM or SIGINT: it stops claiming, lets
 * the jobs in progress finish, and exits 0.
 */

const config = loadConfigOrExit((loaded) => {
  if (loaded.JOB_CONCURRENCY === 0) throw new ConfigError(['JOB_CONCURRENCY: 0 leaves a worker nothing to do; give it at least 1']);
});
if (config.SENTRY_DSN) (await import('@sentry/node')).init({ dsn: config.SENTRY_DSN });

await prepareDataDir(config.dataDir, config.DATABASE_URL ? undefined : config.sqliteFile);
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);

const app = Fastify({ logger: { level: config.LOG_LEVEL } });
app.decorate('config', config);
app.decorate('db', handle.db);
app.decorate('dialect', handle.dialect);
app.addHook('onClose', () => handle.db.destroy());
// Jobs change what search shows (extracted text): the API processes hear of it on the bus.
await app.register(cacheBusPlugin, { redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
// The worker has no HTTP listener: its metrics (jobs, previews, mails) are served only on a METRICS_PORT of its own.
await app.register(metricsPlugin, { token: config.METRICS_TOKEN, port: config.METRICS_PORT, host: config.HOST });
// The jobs publish (scheduled publications) and extract text: the same subscribers as in the API hear of it.
await app.register(eventsPlugin, { bus: createPortalEvents(app.log) });
await app.register(storagePlugin, { config });
await app.register(previewsPlugin);
await app.register(jobsPlugin, { concurrency: config.JOB_CONCURRENCY });
app.jobs.handle(backgroundJobHandlers(app));

// The runner's poll timer does not hold the process open (it must not keep the API from exiting), and
// an idle database may hold no socket: without this the worker would end as soon as the queue is empty.
const keepAlive = setInterval(() => undefined, 60 * 60_000);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    clearInterval(keepAlive);
    app.log.info({ signal }, 'worker stopping: finishing the jobs in progress');
    // No time limit: a job cut short would run again elsewhere only after its lease expires.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'worker shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.ready();
  app.log.info({ database: handle.dialect, concurrency: config.JOB_CONCURRENCY }, 'worker running background jobs');
} catch (error) {
  app.log.error({ err: error }, 'worker could not start');
  await app.close();
  process.exit(1);
}
