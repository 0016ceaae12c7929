import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceState } from '@portal/contracts/maintenance';
import { apiClient } from '../../../lib/api-client/client';

const maintenanceKey = ['admin', 'maintenance'] as const;

/** GET /api/Admin/maintenance (admins only). */
export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceKey,
    queryFn: ({ signal }) => apiClient.get<MaintenanceState>('/api/Admin/maintenance', { signal }),
  });

/** PUT /api/Admin/maintenance: an ISO end switches maintenance on until then, null switches it off. */
export function useSaveMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (until: string | null) => apiClient.put<MaintenanceState>('/api/Admin/maintenance', { body: { until } }),
    onSuccess: (state) => client.setQueryData(maintenanceKey, state),
  });
}
