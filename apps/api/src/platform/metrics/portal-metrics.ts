import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Outcome of one sign-in attempt at the embedded provider. */
export type SignInOutcome = 'success' | 'wrong-password' | 'refused-locked';

/**
 * What the modules report, handed to them as `app.metrics`: one call per figure, no knowledge of
 * Prometheus. The HTTP figures, the job queue and the process figures are gathered by the plugin itself.
 */
export interface PortalMetrics {
  /** One search answered, and how long it took. */
  searchAnswered(seconds: number): void;
  /** A search page looked up in the page cache: found or computed. */
  searchPageCache(hit: boolean): void;
  /** Search analytics: an event (search, open, download) recorded, or dropped because the buffer was full. */
  searchAnalyticsEvent(dropped: boolean): void;
  /** One background job attempt of `kind` ended. */
  jobFinished(kind: string, seconds: number, failed: boolean): void;
  /** One preview job of `kind` (officePdf, extractText, thumbnail) ended. */
  previewFinished(kind: string, seconds: number, failed: boolean): void;
  /** One mail handed to the transport: sent, or failed. */
  mailSent(sent: boolean): void;
  signIn(outcome: SignInOutcome): void;
  /** A wrong password locked an account or an address for a while. */
  lockOut(): void;
}

/** Durations from a millisecond to a minute: requests and searches. */
const requestBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Background work runs longer: up to a quarter of an hour (a job's lease). */
const jobBuckets = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/** The portal's metric families in a registry of their own (one per app, so tests can build several). */
export function createPortalMetrics(registry = new Registry()) {
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: requestBuckets,
    registers,
  });
  const httpRequests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers });
  const searchDuration = new Histogram({ name: 'portal_search_duration_seconds', help: 'Searches answered, with their durations', buckets: requestBuckets, registers });
  const pageCache = new Counter({ name: 'portal_search_page_cache_lookups_total', help: 'Search page cache lookups by result (hit, miss)', labelNames: ['result'] as const, registers });
  const analyticsEvents = new Counter({
    name: 'portal_search_analytics_events_total',
    help: 'Search analytics events (searches, opens, downloads) by result (buffered, dropped because the buffer was full)',
    labelNames: ['result'] as const,
    registers,
  });
  const jobDuration = new Histogram({ name: 'portal_job_duration_seconds', help: 'Background job attempts by kind and outcome, with their durations', labelNames: ['kind', 'outcome'] as const, buckets: jobBuckets, registers });
  const jobFailures = new Counter({ name: 'portal_job_failures_total', help: 'Background job attempts that failed, by kind', labelNames: ['kind'] as const, registers });
  const previewDuration = new Histogram({ name: 'portal_preview_duration_seconds', help: 'Preview work by kind and outcome, with its durations', labelNames: ['kind', 'outcome'] as const, buckets: jobBuckets, registers });
  const mails = new Counter({ name: 'portal_mails_total', help: 'Mails handed to the transport, by result (sent, failed)', labelNames: ['result'] as const, registers });
  const signIns = new Counter({ name: 'portal_sign_ins_total', help: 'Sign-in attempts at the embedded provider, by outcome', labelNames: ['outcome'] as const, registers });
  const lockOuts = new Counter({ name: 'portal_sign_in_lockouts_total', help: 'Wrong passwords that locked an account or an address', registers });
  const outcome = (failed: boolean) => (failed ? 'failed' : 'done');

  // Zero series from the start: a rate or a ratio reads 0 rather than "no data" before the first event.
  for (const result of ['hit', 'miss']) pageCache.inc({ result }, 0);
  for (const result of ['sent', 'failed']) mails.inc({ result }, 0);
  for (const result of ['buffered', 'dropped']) analyticsEvents.inc({ result }, 0);
  for (const outcomeName of ['success', 'wrong-password', 'refused-locked']) signIns.inc({ outcome: outcomeName }, 0);

  const report: PortalMetrics = {
    searchAnswered: (seconds) => searchDuration.observe(seconds),
    searchPageCache: (hit) => pageCache.inc({ result: hit ? 'hit' : 'miss' }),
    searchAnalyticsEvent: (dropped) => analyticsEvents.inc({ result: dropped ? 'dropped' : 'buffered' }),
    jobFinished(kind, seconds, failed) {
      jobDuration.observe({ kind, outcome: outcome(failed) }, seconds);
      if (failed) jobFailures.inc({ kind });
    },
    previewFinished: (kind, seconds, failed) => previewDuration.observe({ kind, outcome: outcome(failed) }, seconds),
    mailSent: (sent) => mails.inc({ result: sent ? 'sent' : 'failed' }),
    signIn: (signInOutcome) => signIns.inc({ outcome: signInOutcome }),
    lockOut: () => lockOuts.inc(),
  };
  /** One answered request: the route pattern (never the raw URL), its status and how long it took. */
  const httpAnswered = (labels: { method: string; route: string; status: string }, seconds: number) => {
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
  };
  return { registry, report, httpAnswered };
}

export type PortalMetricFamilies = ReturnType<typeof createPortalMetrics>;

/**
 * Gauges per kind for the job queue; the answer's `refresh` reads the figures (from the database) and
 * sets all four at once, so one scrape shows one consistent reading. Call it before each scrape.
 */
export function queueGauges(registry: Registry, read: () => Promise<QueueFigures[]>): { refresh(): Promise<void> } {
  const gauge = (name: string, help: string, pick: (row: QueueFigures) => number) => ({
    gauge: new Gauge({ name, help, labelNames: ['kind'] as const, registers: [registry] }),
    pick,
  });
  const gauges = [
    gauge('portal_job_queue_depth', 'Jobs waiting to run, by kind (due now or later)', (row) => row.queued),
    gauge('portal_job_queue_oldest_age_seconds', 'How long the oldest due job of each kind has waited to be run', (row) => row.oldestDueAgeSeconds),
    gauge('portal_jobs_running', 'Jobs running now, by kind', (row) => row.running),
    gauge('portal_jobs_failed', 'Jobs that ran out of attempts and are kept as failed, by kind', (row) => row.failed),
  ];
  return {
    async refresh() {
      const rows = await read();
      for (const { gauge: each, pick } of gauges) {
        each.reset();
        for (const row of rows) each.set({ kind: row.kind }, pick(row));
      }
    },
  };
}

/** The job table's figures for one kind. */
export interface QueueFigures {
  kind: string;
  queued: number;
  running: number;
  failed: number;
  /** Seconds since the oldest queued job became due (0 when none is due). */
  oldestDueAgeSeconds: number;
}
