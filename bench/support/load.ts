import autocannon from 'autocannon';

export interface LoadResult {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failures: number;
}

/** The value below which `fraction` of a sorted list lies (nearest rank); NaN for an empty list. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Runs autocannon against `baseUrl` for `seconds` with `connections` concurrent connections; each
 * request takes the next path from `nextPath`. Latencies are collected per response, so the
 * percentiles (p95 included, which autocannon's summary lacks) are exact.
 */
export async function runLoad(options: {
  baseUrl: string;
  token: string;
  connections: number;
  seconds: number;
  nextPath: () => string;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${options.token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: options.nextPath() }) }],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    connections: options.connections,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / options.seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function formatLoad(label: string, result: LoadResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${label} c=${result.connections}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, max ${ms(result.max)}, ${result.requests} requests, ${result.failures} failures`;
}
