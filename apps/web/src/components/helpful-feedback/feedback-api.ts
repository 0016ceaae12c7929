import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackReceipt } from '@portal/contracts/feedback';
import { apiClient } from '../../lib/api-client/client';

/** POST /api/Feedback: the reader's answer; the widget shows a refusal itself (429, 404). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => apiClient.post<FeedbackReceipt>('/api/Feedback', { body, notifyOnError: false }),
  });
}
