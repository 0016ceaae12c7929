import autocannon from 'autocannon';
import { percentile } from './load.ts';

/** One kind of request in a mix: how often it comes, and the next request of that kind. */
export interface LoadKind {
  name: string;
  weight: number;
  next: () => { method?: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
}

export interface KindResult {
  name: string;
  requests: number;
  /** Answers other than 2xx (3xx included: the mix asks for nothing that redirects). */
  failures: number;
  statuses: Record<number, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MixedLoadResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  kinds: KindResult[];
}

/** Picks kinds by weight from a fixed pseudo-random sequence. */
function weightedPicker(kinds: readonly LoadKind[], next: () => number): () => LoadKind {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  return () => {
    let target = next() * total;
    for (const kind of kinds) {
      target -= kind.weight;
      if (target < 0) return kind;
    }
    return kinds.at(-1)!;
  };
}

/**
 * autocannon with a mix of request kinds: each connection's next request is drawn by weight, and
 * its latency is measured from the moment it is set up (just before it is written) to its answer,
 * per kind, so that every kind gets its own p50/p95/p99.
 */
export async function runMixedLoad(options: {
  baseUrl: string;
  /** Bearer tokens of the users asking: each request is one of them, drawn at random. */
  tokens: readonly string[];
  connections: number;
  seconds: number;
  kinds: readonly LoadKind[];
  random: () => number;
  timeoutSeconds?: number;
}): Promise<MixedLoadResult> {
  const pick = weightedPicker(options.kinds, options.random);
  const latencies = new Map<string, number[]>(options.kinds.map((kind) => [kind.name, []]));
  const statuses = new Map<string, Record<number, number>>(options.kinds.map((kind) => [kind.name, {}]));
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds ?? 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const kind = pick();
          const { method = 'GET', path, body, headers } = kind.next();
          context.kind = kind.name;
          context.started = performance.now();
          const token = options.tokens[Math.floor(options.random() * options.tokens.length)];
          return { ...request, method, path, body, headers: { ...request.headers, authorization: `Bearer ${token}`, ...headers } };
        },
        onResponse: (status, _body, context) => {
          const kind = context.kind as string;
          latencies.get(kind)!.push(performance.now() - (context.started as number));
          const counts = statuses.get(kind)!;
          counts[status] = (counts[status] ?? 0) + 1;
        },
      },
    ],
  });
  const result = await instance;
  const kinds = options.kinds.map(({ name }) => {
    const sorted = latencies.get(name)!.sort((a, b) => a - b);
    const counts = statuses.get(name)!;
    const failures = Object.entries(counts).filter(([status]) => Number(status) >= 300).reduce((sum, [, count]) => sum + count, 0);
    return { name, requests: sorted.length, failures, statuses: counts, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
  });
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / options.seconds,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    kinds,
  };
}

export function formatKind(kind: KindResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const failed = kind.failures > 0 ? `, ${kind.failures} failed ${JSON.stringify(kind.statuses)}` : '';
  return `  ${kind.name.padEnd(14)} ${String(kind.requests).padStart(7)} requests, p50 ${ms(kind.p50)}, p95 ${ms(kind.p95)}, p99 ${ms(kind.p99)}, max ${ms(kind.max)}${failed}`;
}
