import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, AdminJobPage, AdminJobRetryAll, JobStatus } from '@portal/contracts/admin-jobs';
import { apiClient } from '../../../lib/api-client/client';

export interface JobListFilter {
  status: JobStatus | null;
  kind: string | null;
  page: number;
  pageSize: number;
}

/** GET /api/Admin/jobs: one page, newest first; empty filters are left out of the query. */
export function getJobs({ status, kind, page, pageSize }: JobListFilter, signal?: AbortSignal): Promise<AdminJobPage> {
  return apiClient.get('/api/Admin/jobs', { signal, query: { page, pageSize, ...(status ? { status } : {}), ...(kind ? { kind } : {}) } });
}

const jobsKey = ['admin', 'jobs'] as const;

export const jobsQueryOptions = (filter: JobListFilter) =>
  queryOptions({
    queryKey: [...jobsKey, filter],
    queryFn: ({ signal }) => getJobs(filter, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Jobs move on their own: the list follows them while it is open.
    refetchInterval: 10_000,
  });

/** POST /api/Admin/jobs/{id}/retry, then the list again. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<AdminJob>(`/api/Admin/jobs/${encodeURIComponent(id)}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
}

/** POST /api/Admin/jobs/retry-failed (answers how many went back to the queue), then the list again. */
export function useRetryFailedJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<AdminJobRetryAll>('/api/Admin/jobs/retry-failed'),
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
}
