import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoverClasses, Vdi2770ClassId } from '@portal/contracts/handover';
import { apiClient } from '../../../lib/api-client/client';

const classesKey = ['admin', 'handover', 'classes'] as const;

/** GET /api/Admin/handover/classes: the twelve VDI 2770 classes and every document type's class. */
export const handoverClassesQueryOptions = () =>
  queryOptions({ queryKey: classesKey, queryFn: ({ signal }) => apiClient.get<HandoverClasses>('/api/Admin/handover/classes', { signal, notifyOnError: false }) });

/** PUT /api/Admin/handover/classes/{typeCode} `{classId}`; answers the whole list again. */
export function useSetHandoverClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ typeCode, classId }: { typeCode: string; classId: Vdi2770ClassId }) =>
      apiClient.request<HandoverClasses>('PUT', `/api/Admin/handover/classes/${encodeURIComponent(typeCode)}`, { body: { classId }, notifyOnError: false }),
    onSuccess: (classes) => client.setQueryData(classesKey, classes),
  });
}
