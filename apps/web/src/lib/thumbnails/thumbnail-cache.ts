import { LRU } from 'tiny-lru';

/** Spec §9: at most 10000 thumbnails are remembered. */
export const thumbnailCacheMax = 10_000;
/**
 * Thumbnail URLs are signed and expire (5 minutes by default on the server): forget them a minute
 * earlier so an image is never asked for with a dead URL.
 */
export const thumbnailCacheTtlMs = 4 * 60 * 1000;

export interface ThumbnailCacheOptions {
  max?: number;
  ttlMs?: number;
}

/** Signed thumbnail URLs by document id, least recently used dropped first; expiry by Date.now(). */
export function createThumbnailCache({ max = thumbnailCacheMax, ttlMs = thumbnailCacheTtlMs }: ThumbnailCacheOptions = {}) {
  return new LRU<string>(max, ttlMs, true);
}

export type ThumbnailCache = ReturnType<typeof createThumbnailCache>;

export const thumbnailCache = createThumbnailCache();

/**
 * Remembers the URL a search answer carried, unless a live one is already known: keeping the first
 * URL lets the browser reuse the image it already downloaded (a new signature is a new address).
 */
export function rememberThumbnail(documentId: string, url: string, cache: ThumbnailCache = thumbnailCache): string {
  const known = cache.get(documentId);
  if (known) return known;
  cache.set(documentId, url);
  return url;
}
