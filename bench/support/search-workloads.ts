import { random, vocabulary } from './corpus.ts';

/*
 * The three workloads the search bench reports (issue "search at a million documents"): queries nobody asked
 * before (the headline: every answer computed), a realistic mix (a Zipf law over queries, about a third of the
 * requests unique) and pure repeats (what the page cache serves). One generator hands out every distinct query
 * once, across warm-up and measurement, so no measured query was asked before.
 */

const search = (query: string) => `/api/Content/search?${query}`;
/** Technical words of the corpus (ranks 62–6000: function words are never searched). */
const technicalWords = () => vocabulary().slice(61);

/** An endless source of search paths no earlier call returned: word pairs, prefixes, filtered pairs, rare words. */
export function distinctQueries(seed = 2027): () => string {
  const words = technicalWords();
  const next = random(seed);
  const asked = new Set<string>();
  const pick = () => words[Math.floor(next() * words.length)]!;
  const prefix = (word: string, length: number) => word.slice(0, Math.min(word.length, length));
  const kinds = [
    () => `q=${pick()}+${pick()}`,
    () => `q=${pick()}+${prefix(pick(), 4)}`,
    () => `q=${pick()}+${pick()}&type=manual`,
    () => `q=${pick()}+${pick()}&language=de,fr`,
    () => `q=${prefix(pick(), 3 + Math.floor(next() * 3))}&sort=newest&page=${1 + Math.floor(next() * 2)}`,
  ];
  return () => {
    for (;;) {
      const query = kinds[Math.floor(next() * kinds.length)]!();
      if (!asked.has(query)) {
        asked.add(query);
        return search(query);
      }
    }
  };
}

/**
 * The realistic mix: two thirds of the requests drawn from a pool of `pool` queries by a Zipf law (s = 1: the
 * most asked query is asked about twice as often as the second), one third never asked before.
 */
export function realisticMix(pool: number, fresh: () => string, seed = 31): () => string {
  const queries = Array.from({ length: pool }, fresh);
  const weights = queries.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  const next = random(seed);
  return () => {
    if (next() < 1 / 3) return fresh();
    const draw = next();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < draw) low = middle + 1;
      else high = middle;
    }
    return queries[low]!;
  };
}

/** A counter of the API processes' /metrics, summed over the processes, by the value of its `label`. */
export async function counterByLabel(processUrls: readonly string[], metricsToken: string, metric: string, label: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const url of processUrls) {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    if (!response.ok) throw new Error(`/metrics of ${url}: HTTP ${response.status}`);
    for (const line of (await response.text()).split('\n')) {
      if (!line.startsWith(`${metric}{`)) continue;
      const value = line.match(new RegExp(`[{,]${label}="([^"]*)"`))?.[1];
      if (value !== undefined) totals.set(value, (totals.get(value) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
  }
  return totals;
}

/** Search page cache lookups (hits, misses) of the API processes, from their /metrics. */
export async function cacheLookups(processUrls: readonly string[], metricsToken: string): Promise<{ hits: number; misses: number }> {
  const lookups = await counterByLabel(processUrls, metricsToken, 'portal_search_page_cache_lookups_total', 'result');
  return { hits: lookups.get('hit') ?? 0, misses: lookups.get('miss') ?? 0 };
}

/** The hit ratio between two readings, as the report prints it. */
export function hitRatio(before: { hits: number; misses: number }, after: { hits: number; misses: number }): string {
  const hits = after.hits - before.hits;
  const lookups = hits + after.misses - before.misses;
  return lookups === 0 ? 'no cache lookups' : `page cache hits ${((hits / lookups) * 100).toFixed(1)} % of ${lookups} lookups`;
}
