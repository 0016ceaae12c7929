import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicabilityBody, ApplicabilityResponse } from '@portal/contracts/units';
import { apiClient } from '../../../lib/api-client/client';

/* Where a document applies (products, options, serial ranges, or one unit): GET/PUT /api/Admin/units/applicability/{documentId}. */

const applicabilityKey = (documentId: string) => ['admin', 'applicability', documentId] as const;

export const applicabilityQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: applicabilityKey(documentId),
    queryFn: ({ signal }) => apiClient.get<ApplicabilityResponse>(`/api/Admin/units/applicability/${encodeURIComponent(documentId)}`, { signal }),
  });

/** The rules as the form gives them: the server fills in the defaults. */
export type ApplicabilityDraft = { rules: Array<Partial<ApplicabilityBody['rules'][number]> & { product: string }>; unit: string | null };

export function useSaveApplicability(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicabilityDraft) =>
      apiClient.put<ApplicabilityResponse>(`/api/Admin/units/applicability/${encodeURIComponent(documentId)}`, { body, notifyOnError: false }),
    onSuccess: (saved) => client.setQueryData(applicabilityKey(documentId), saved),
  });
}
