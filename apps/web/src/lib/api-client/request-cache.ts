import { LRUCache } from 'lru-cache';

/** Spec §9: request cache entries live 5 minutes, at most 100 per cache. */
export const requestCacheTtlMs = 5 * 60 * 1000;
export const requestCacheMax = 100;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Query string with the parameters sorted by name, so equal queries give equal URLs and cache keys. */
export function sortedQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  return params.toString();
}

/** Spec §7: the cache key is the URL plus the sorted query parameters. */
export function requestCacheKey(url: string, query?: QueryParams): string {
  const queryString = sortedQueryString(query);
  return queryString ? `${url}?${queryString}` : url;
}

export interface RequestCacheOptions {
  /** Clock for the TTL; tests pass their own. */
  perf?: { now(): number };
}

export function createRequestCache(options: RequestCacheOptions = {}) {
  // Entries are boxed so that a cached `undefined` (204 answer) is still a hit.
  return new LRUCache<string, { value: unknown }>({
    max: requestCacheMax,
    ttl: requestCacheTtlMs,
    // Read the clock on every check: with 100 entries that costs nothing and keeps expiry exact.
    ttlResolution: 0,
    ...(options.perf ? { perf: options.perf } : {}),
  });
}

export type RequestCache = ReturnType<typeof createRequestCache>;
