import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem, FeedbackList, FeedbackStatus, FeedbackStatusBody, FeedbackSubjectKind } from '@portal/contracts/feedback';
import { apiClient } from '../../../lib/api-client/client';

export interface FeedbackFilter {
  status: FeedbackStatus | null;
  subjectKind: FeedbackSubjectKind | null;
  subjectId: string | null;
  page: number;
  pageSize: number;
}

const feedbackKey = ['admin', 'feedback'] as const;

/** GET /api/Admin/feedback: one page of the triage queue, grouped by subject; unset filters are left out. */
export function getFeedback({ status, subjectKind, subjectId, page, pageSize }: FeedbackFilter, signal?: AbortSignal): Promise<FeedbackList> {
  return apiClient.get('/api/Admin/feedback', {
    signal,
    notifyOnError: false,
    query: { page, pageSize, ...(status ? { status } : {}), ...(subjectKind ? { subjectKind } : {}), ...(subjectId ? { subjectId } : {}) },
  });
}

export const feedbackQueryOptions = (filter: FeedbackFilter) =>
  queryOptions({ queryKey: [...feedbackKey, 'list', filter], queryFn: ({ signal }) => getFeedback(filter, signal), placeholderData: keepPreviousData });

/** POST /api/Admin/feedback/{id}/status: the new status with its note; the caller shows a refusal under its form. */
export function useChangeFeedbackStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FeedbackStatusBody }) =>
      apiClient.post<FeedbackItem>(`/api/Admin/feedback/${encodeURIComponent(id)}/status`, { body, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKey }),
  });
}
