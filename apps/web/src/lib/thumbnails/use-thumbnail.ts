import { useQuery } from '@tanstack/react-query';
import { thumbnailCache, thumbnailCacheTtlMs } from './thumbnail-cache';
import { loadThumbnail } from './thumbnail-api';

export interface UseThumbnailOptions {
  /** 0 (most urgent) to 9; 5 by default. */
  priority?: number;
}

/**
 * The thumbnail URL of a document: the cached one, else `initialUrl` (a search answer carries one),
 * else a limiter-throttled call. Null while unknown, and when the document has no thumbnail.
 */
export function useThumbnail(documentId: string, initialUrl?: string | null, { priority }: UseThumbnailOptions = {}): string | null {
  const known = thumbnailCache.get(documentId) ?? initialUrl;
  const query = useQuery({
    queryKey: ['thumbnail', documentId],
    queryFn: ({ signal }) => loadThumbnail(documentId, { signal, priority }),
    enabled: !known,
    staleTime: thumbnailCacheTtlMs,
    gcTime: thumbnailCacheTtlMs,
  });
  return known ?? query.data ?? null;
}
