import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaperRequest, PaperRequestList, PaperRequestState, PaperRequestStatusBody } from '@portal/contracts/paper-requests';
import { apiClient } from '../../../lib/api-client/client';
import type { BlobFetcher } from '../../../lib/download/use-file-download';

export interface PaperRequestFilter {
  state: PaperRequestState | null;
  overdueOnly: boolean;
  page: number;
  pageSize: number;
}

const paperRequestsKey = ['admin', 'paper-requests'] as const;

/** GET /api/Admin/paper-requests: one page of the queue, soonest due first; unset filters are left out. */
export function getPaperRequests({ state, overdueOnly, page, pageSize }: PaperRequestFilter, signal?: AbortSignal): Promise<PaperRequestList> {
  return apiClient.get('/api/Admin/paper-requests', {
    signal,
    notifyOnError: false,
    query: { page, pageSize, ...(state ? { state } : {}), ...(overdueOnly ? { overdue: 'true' } : {}) },
  });
}

export const paperRequestsQueryOptions = (filter: PaperRequestFilter) =>
  queryOptions({ queryKey: [...paperRequestsKey, 'list', filter], queryFn: ({ signal }) => getPaperRequests(filter, signal), placeholderData: keepPreviousData });

/**
 * The console home's counts: open requests (requested or printed) and overdue ones, from two one-row
 * pages (each answer counts its state in `total` and every overdue request in `overdueCount`).
 */
export const paperRequestCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...paperRequestsKey, 'counts'],
    queryFn: async ({ signal }) => {
      const one = (state: PaperRequestState) => getPaperRequests({ state, overdueOnly: false, page: 1, pageSize: 1 }, signal);
      const [requested, printed] = await Promise.all([one('requested'), one('printed')]);
      return { open: requested.total + printed.total, overdue: requested.overdueCount };
    },
  });

/** POST /api/Admin/paper-requests/{id}/status: the next step with its note; the caller shows a refusal under its form. */
export function useAdvancePaperRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaperRequestStatusBody }) =>
      apiClient.post<PaperRequest>(`/api/Admin/paper-requests/${encodeURIComponent(id)}/status`, { body, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: paperRequestsKey }),
  });
}

/** GET /api/Admin/paper-requests/{id}/print.pdf with the user's token (a plain link would carry none). */
export function printPdfBlob(id: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Admin/paper-requests/${encodeURIComponent(id)}/print.pdf`, { responseType: 'blob' });
}
