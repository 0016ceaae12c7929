import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/** One sample as the parser gives it: a plain value, or a histogram's buckets, count and sum. */
export interface ParsedSample {
  labels?: Record<string, string>;
  value?: string;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}

export interface ParsedFamily {
  name: string;
  help: string;
  type: string;
  metrics: ParsedSample[];
}

// The parser ships CommonJS without types: its one export, typed here.
const parsePrometheusText = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => ParsedFamily[];

/** GET /metrics with the token, parsed by an independent Prometheus text parser into families by name. */
export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<Map<string, ParsedFamily>> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}: ${response.body}`);
  return parseMetrics(response.body);
}

export function parseMetrics(text: string): Map<string, ParsedFamily> {
  return new Map(parsePrometheusText(text).map((family) => [family.name, family]));
}

/**
 * The value of the first sample whose labels include `labels`, or 0 when there is none. The parser folds
 * a histogram's label sets into one (its buckets keyed by `le` only): a histogram answers its `+Inf`
 * bucket over all its series, so tests read labelled figures from counters.
 */
export function sampleValue(families: Map<string, ParsedFamily>, name: string, labels: Record<string, string> = {}): number {
  const sample = families.get(name)?.metrics.find((candidate) => Object.entries(labels).every(([key, value]) => candidate.labels?.[key] === value));
  if (!sample) return 0;
  return Number(sample.value ?? sample.count ?? sample.buckets?.['+Inf']);
}
