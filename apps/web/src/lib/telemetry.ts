import type * as SentrySdk from '@sentry/react';

type SentryModule = typeof SentrySdk;

let sentry: SentryModule | null = null;

/**
 * Error reporting is on only when the deployment configures a DSN; otherwise nothing is sent and
 * the SDK is not even downloaded (it is loaded on demand).
 */
export async function initTelemetry(dsn: string | null, release?: string): Promise<boolean> {
  if (!dsn) {
    sentry = null;
    return false;
  }
  const module = await import('@sentry/react');
  module.init({
    dsn,
    release,
    // Our own window handlers report uncaught errors as 'global handler' (spec §8); Sentry's
    // would report each of them a second time.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
  });
  sentry = module;
  return true;
}

export function isTelemetryEnabled(): boolean {
  return sentry !== null;
}

/** Logs the error and, when reporting is on, sends it tagged with where it was caught. */
export function reportError(error: unknown, handler: string): void {
  console.error(`[${handler}]`, error);
  sentry?.captureException(error, { tags: { handler } });
}
