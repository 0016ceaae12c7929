import { LRU } from 'tiny-lru';

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

/** Least recently used entries go first; an entry expires 5 minutes after it was stored (Date.now()). */
export function createRequestCache() {
  // Entries are boxed so that a cached `undefined` (204 answer) is still a hit.
  return new LRU<{ value: unknown }>(requestCacheMax, requestCacheTtlMs, true);
}

export type RequestCache = ReturnType<typeof createRequestCache>;
