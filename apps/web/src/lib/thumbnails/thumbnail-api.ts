import type { ThumbnailResponse } from '@portal/contracts/previews';
import { apiClient } from '../api-client/client';
import { resolveServerUrl } from '../api-client/server-url';
import { thumbnailCache, type ThumbnailCache } from './thumbnail-cache';
import type { ThumbnailJobOptions } from './thumbnail-limiter';

export interface LoadThumbnailOptions extends ThumbnailJobOptions {
  signal?: AbortSignal;
  cache?: ThumbnailCache;
}

function abortError(): DOMException {
  return new DOMException('Thumbnail no longer needed', 'AbortError');
}

/**
 * The thumbnail URL of a document: from the cache, or through the limiter from GET
 * /api/Content/thumbnail (spec §7). A job whose caller went away before its turn ends without a
 * call. A missing thumbnail is not worth a toast: the card shows the type icon instead.
 */
export async function loadThumbnail(documentId: string, { signal, cache = thumbnailCache, ...job }: LoadThumbnailOptions = {}): Promise<string> {
  const cached = cache.get(documentId);
  if (cached) return cached;
  // Bottleneck loads with the first call that needs it: search results carry their URLs, so most pages never do.
  const { scheduleThumbnailJob } = await import('./thumbnail-limiter');
  const url = await scheduleThumbnailJob(async () => {
    if (signal?.aborted) throw abortError();
    const { data } = await apiClient.get<ThumbnailResponse>('/api/Content/thumbnail', {
      query: { documentId },
      notifyOnError: false,
      signal,
    });
    return resolveServerUrl(data);
  }, job);
  cache.set(documentId, url);
  return url;
}
