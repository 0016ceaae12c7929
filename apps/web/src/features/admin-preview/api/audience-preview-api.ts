import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchResponse } from '@portal/contracts/documents';
import type { Role } from '@portal/contracts/users';
import { apiClient } from '../../../lib/api-client/client';

export interface AudiencePreviewFilter {
  asRole: Role;
  /** Empty: a viewer without an account. */
  asAccount: string;
  q: string;
  page: number;
  pageSize: number;
}

/** GET /api/Admin/preview/search: the resources search as that audience gets it. */
export function getAudiencePreview({ asRole, asAccount, q, page, pageSize }: AudiencePreviewFilter, signal?: AbortSignal): Promise<SearchResponse> {
  return apiClient.get('/api/Admin/preview/search', {
    signal,
    query: { asRole, page, pageSize, ...(asAccount.trim() ? { asAccount: asAccount.trim() } : {}), ...(q.trim() ? { q: q.trim() } : {}) },
  });
}

export const audiencePreviewQueryOptions = (filter: AudiencePreviewFilter) =>
  queryOptions({
    queryKey: ['admin', 'audience-preview', filter],
    queryFn: ({ signal }) => getAudiencePreview(filter, signal),
    placeholderData: keepPreviousData,
  });
