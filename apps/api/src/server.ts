import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';

const config = loadConfigOrExit();
// Loaded only when used: the SDK alone is about 50 MB of memory.
if (config.SENTRY_DSN) (await import('@sentry/node')).init({ dsn: config.SENTRY_DSN });

/** A drain that takes longer than this (a stuck request or job) ends the process with exit code 1. */
const drainLimitMs = 25_000;

const app = await buildApp({ config });
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining: no new connections, finishing in-flight requests and running jobs');
    app.startDraining();
    // app.close() stops accepting connections, waits for in-flight requests and running jobs (the jobs
    // plugin's preClose), then closes the database and Redis through their onClose hooks.
    const forced = setTimeout(() => {
      app.log.error({ drainLimitMs }, 'drain took too long: exiting');
      process.exit(1);
    }, drainLimitMs).unref();
    app.close().then(
      () => {
        clearTimeout(forced);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  const demoContent = app.demoContentState?.() ?? 'ready';
  app.log.info(
    { publicUrl: config.publicUrl, database: app.dialect, issuer: config.oidcIssuer, demoContent },
    demoContent === 'preparing' ? 'portal API listening; the demo content is still being prepared' : 'portal API ready',
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
