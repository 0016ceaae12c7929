import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchItem, SearchQuery, SearchResponse } from '@portal/contracts/documents';
import { apiClient } from '../api-client/client';
import { resolveServerUrl } from '../api-client/server-url';
import type { ViewerDocument } from '../documents/viewer-document';
import { preloadImage } from '../thumbnails/preload-image';
import { rememberThumbnail } from '../thumbnails/thumbnail-cache';

export type SearchSort = NonNullable<SearchQuery['sort']>;

/**
 * The search query of the contract as the page holds it: every field present except `sort`, which
 * when absent means relevance with words to look for, newest otherwise (the server's default).
 */
export type SearchParams = Required<Omit<SearchQuery, 'sort' | 'exact'>> & Pick<SearchQuery, 'sort' | 'exact'>;

/**
 * GET /api/Content/search. Each result's thumbnail URL goes into the thumbnail cache (or is
 * replaced by the one already there), so the grid shows pictures without a single thumbnail call,
 * and starts loading before the cards are drawn.
 */
export async function searchDocuments(params: SearchParams, signal?: AbortSignal): Promise<SearchResponse> {
  const response = await apiClient.get<SearchResponse>('/api/Content/search', {
    query: { ...params, q: params.q.trim() || undefined },
    signal,
  });
  const items = response.items.map((item) => ({
    ...item,
    thumbnailUrl: item.thumbnailUrl ? rememberThumbnail(item.id, resolveServerUrl(item.thumbnailUrl)) : null,
  }));
  for (const { thumbnailUrl } of items) if (thumbnailUrl) preloadImage(thumbnailUrl);
  return { ...response, items };
}

/**
 * One result page. A new search replaces the one in flight: TanStack aborts the superseded query's
 * signal once nothing observes it, and the previous page stays on screen until the new one arrives.
 */
export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: ({ signal }) => searchDocuments(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
    // Results hold signed thumbnail URLs that expire after 5 minutes: never show older ones.
    gcTime: 3 * 60 * 1000,
  });

/** What the viewer and the document actions need of a search result. */
export function toViewerDocument({ id, title, fileName, serviceRef, resourceVersion, downloadable }: SearchItem): ViewerDocument {
  return { id, title, fileName, serviceRef, resourceVersion, downloadableDocument: downloadable };
}
