import type { JobHandler } from '../jobs/job-runner.ts';
import type { PortalMetrics } from './portal-metrics.ts';

/**
 * The same handlers, each attempt timed and counted by kind (a throw is a failed attempt, rethrown
 * for the runner to retry); the kinds in `previewKinds` are also reported as preview durations.
 */
export function timedJobHandlers(metrics: PortalMetrics, handlers: Record<string, JobHandler>, previewKinds: readonly string[]): Record<string, JobHandler> {
  const previews = new Set(previewKinds);
  const timed = (kind: string, handler: JobHandler): JobHandler => async (payload, job) => {
    const started = performance.now();
    let failed = true;
    try {
      await handler(payload, job);
      failed = false;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      metrics.jobFinished(kind, seconds, failed);
      if (previews.has(kind)) metrics.previewFinished(kind, seconds, failed);
    }
  };
  return Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, timed(kind, handler)]));
}

/** The same async function, each call counted as succeeded or failed (a throw is rethrown). */
export function countedCalls<Args extends unknown[]>(work: (...args: Args) => Promise<void>, record: (succeeded: boolean) => void): (...args: Args) => Promise<void> {
  return async (...args) => {
    try {
      await work(...args);
    } catch (error) {
      record(false);
      throw error;
    }
    record(true);
  };
}

/** The same async function, the seconds each call took (answer or throw) handed to `observe`. */
export function timedCalls<Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>, observe: (seconds: number) => void): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const started = performance.now();
    try {
      return await work(...args);
    } finally {
      observe((performance.now() - started) / 1000);
    }
  };
}
