import * as Sentry from '@sentry/react';

let enabled = false;

/** Error reporting is on only when the deployment configures a DSN; otherwise nothing is sent. */
export function initTelemetry(dsn: string | null, release?: string): boolean {
  enabled = Boolean(dsn);
  if (!dsn) return false;
  Sentry.init({
    dsn,
    release,
    // Our own window handlers report uncaught errors as 'global handler' (spec §8); Sentry's
    // would report each of them a second time.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
  });
  return true;
}

export function isTelemetryEnabled(): boolean {
  return enabled;
}

/** Logs the error and, when reporting is on, sends it tagged with where it was caught. */
export function reportError(error: unknown, handler: string): void {
  console.error(`[${handler}]`, error);
  if (!enabled) return;
  Sentry.captureException(error, { tags: { handler } });
}
