import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SoftwareListQuery, SoftwareListResponse } from '@portal/contracts/software';
import { apiClient } from '../../../lib/api-client/client';

/** The contract's query with every field present; `null` lists every category. */
export type SoftwareListParams = Omit<Required<SoftwareListQuery>, 'category'> & { category: string | null };

/** GET /api/Software: one page of the items matching the text and category, with category counts. */
export function getSoftwareList(params: SoftwareListParams, signal?: AbortSignal): Promise<SoftwareListResponse> {
  return apiClient.get('/api/Software', {
    query: { q: params.q.trim() || undefined, category: params.category ?? undefined, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/** The list keeps showing the previous answer while a new search runs. */
export const softwareListQueryOptions = (params: SoftwareListParams) =>
  queryOptions({
    queryKey: ['software', 'list', params],
    queryFn: ({ signal }) => getSoftwareList(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
