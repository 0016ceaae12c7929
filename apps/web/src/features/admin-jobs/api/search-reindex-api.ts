import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SearchReindexState } from '@portal/contracts/search-reindex';
import { apiClient } from '../../../lib/api-client/client';

const searchReindexKey = ['admin', 'search-reindex'] as const;

/** How often the progress is read again while a re-index runs. */
export const searchReindexRefreshMs = 2_000;

/** GET /api/Admin/search/reindex (admins only): the latest full re-index of search, followed while it runs. */
export const searchReindexQueryOptions = () =>
  queryOptions({
    queryKey: searchReindexKey,
    queryFn: ({ signal }) => apiClient.get<SearchReindexState>('/api/Admin/search/reindex', { signal }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? searchReindexRefreshMs : false),
  });

/** POST /api/Admin/search/reindex: starts a re-index (409 while one runs, said on the panel rather than in a toast). */
export function useStartSearchReindex() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<SearchReindexState>('/api/Admin/search/reindex', { notifyOnError: false }),
    onSuccess: (state) => client.setQueryData(searchReindexKey, state),
    onSettled: () => client.invalidateQueries({ queryKey: searchReindexKey }),
  });
}
