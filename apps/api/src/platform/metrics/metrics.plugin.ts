import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { jobQueueByKind } from '../jobs/job.repository.ts';
import { createPortalMetrics, queueGauges, type PortalMetrics, type QueueFigures } from './portal-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where modules report what they count (searches, mails, sign-ins, jobs). */
    metrics: PortalMetrics;
  }
}

export interface MetricsOptions {
  /** Bearer token a scrape must present; without one `/metrics` is not served on the API's port. */
  token?: string;
  /** Serve `/metrics` on this port of its own instead (the token still applies when set). */
  port?: number;
  host: string;
}

/** Compares digests, so neither the time taken nor a length difference tells how much of the token was right. */
function presents(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function scrapeHandler(registry: Registry, token: string | undefined, beforeScrape: () => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (token !== undefined && !presents(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ code: 'unauthorized', message: 'The metrics need their bearer token.' });
    }
    await beforeScrape();
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  };
}

async function queueFigures(app: FastifyInstance): Promise<QueueFigures[]> {
  const now = Date.now();
  const byKind = new Map<string, QueueFigures>();
  for (const row of await jobQueueByKind(app.db)) {
    const figures = byKind.get(row.kind) ?? { kind: row.kind, queued: 0, running: 0, failed: 0, oldestDueAgeSeconds: 0 };
    if (row.status === 'queued') {
      figures.queued = row.count;
      const due = row.earliestRunAfter ? Date.parse(row.earliestRunAfter) : Number.NaN;
      figures.oldestDueAgeSeconds = due <= now ? (now - due) / 1000 : 0;
    } else if (row.status === 'running') figures.running = row.count;
    else figures.failed = row.count;
    byKind.set(row.kind, figures);
  }
  return [...byKind.values()];
}

/**
 * Prometheus metrics of this process (docs/deployment.md lists them): requests by route pattern and
 * status, the job queue read from the database at each scrape, what the modules report through
 * `app.metrics`, and Node's own figures (event-loop delay, heap, RSS).
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token, port, host }) => {
    const { registry, report, httpAnswered } = createPortalMetrics();
    app.decorate('metrics', report);
    const queue = queueGauges(registry, () => queueFigures(app));
    const scrape = scrapeHandler(registry, token, () => queue.refresh());

    // The route pattern, never the raw URL: ids and tokens in paths would make a series per request.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      httpAnswered({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    if (port !== undefined) {
      const server = Fastify({ logger: false });
      server.get('/metrics', scrape);
      app.addHook('onReady', async () => {
        await server.listen({ port, host });
        app.log.info({ port }, 'metrics served on their own port');
      });
      app.addHook('onClose', () => server.close());
    } else if (token !== undefined) {
      // Ahead of the turn queue, like the health checks: a scrape during a crowd still answers.
      app.get('/metrics', { config: { aheadOfQueue: true } }, scrape);
    }
  },
  { name: 'metrics' },
);
