import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DownloadHistoryQuery, DownloadHistoryResponse } from '@portal/contracts/downloads';
import { apiClient } from '../../../lib/api-client/client';
import { downloadHistoryQueryKey } from '../../../lib/download/use-file-download';

/** The contract's query with every field present; `null` lists every kind. */
export type DownloadHistoryParams = Omit<DownloadHistoryQuery, 'kind'> & { kind: NonNullable<DownloadHistoryQuery['kind']> | null };

/** GET /api/Downloads/history: one page of the user's downloads, newest first. */
export function getDownloadHistory(params: DownloadHistoryParams, signal?: AbortSignal): Promise<DownloadHistoryResponse> {
  return apiClient.get('/api/Downloads/history', {
    query: { kind: params.kind ?? undefined, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/** Every download marks this stale (see useFileDownload), so the page is current when opened. */
export const downloadHistoryQueryOptions = (params: DownloadHistoryParams) =>
  queryOptions({
    queryKey: [...downloadHistoryQueryKey, params],
    queryFn: ({ signal }) => getDownloadHistory(params, signal),
    placeholderData: keepPreviousData,
  });
