import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DownloadHistoryResponse, DownloadKind } from '@portal/contracts/downloads';
import { apiClient } from '../../../lib/api-client/client';
import { downloadHistoryQueryKey } from '../../../lib/download/use-file-download';

export interface DownloadHistoryParams {
  kind: DownloadKind | null;
  page: number;
  pageSize: number;
}

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
