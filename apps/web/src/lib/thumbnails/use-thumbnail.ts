import { useQuery } from '@tanstack/react-query';
import { thumbnailCache, thumbnailCacheTtlMs } from './thumbnail-cache';
import { loadThumbnail } from './thumbnail-api';

export interface UseThumbnailOptions {
  /** 0 (most urgent) to 9; 5 by default. */
  priority?: number;
}

/**
 * The thumbnail URL of a document. `initialUrl` (a search answer carries one) is used as it is,
 * without a call; otherwise the cache answers, or a limiter-throttled call does. Null while
 * unknown, and when the document has no thumbnail.
 */
export function useThumbnail(documentId: string, initialUrl?: string | null, { priority }: UseThumbnailOptions = {}): string | null {
  const known = initialUrl ?? thumbnailCache.get(documentId);
  const query = useQuery({
    queryKey: ['thumbnail', documentId],
    queryFn: ({ signal }) => loadThumbnail(documentId, { signal, priority }),
    enabled: !known,
    staleTime: thumbnailCacheTtlMs,
    gcTime: thumbnailCacheTtlMs,
  });
  return known ?? query.data ?? null;
}
