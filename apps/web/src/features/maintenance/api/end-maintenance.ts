import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceState } from '@portal/contracts/maintenance';
import { apiClient } from '../../../lib/api-client/client';

/** PUT /api/Admin/maintenance with no end: switches maintenance off (admins only; reachable during maintenance). */
export function useEndMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.put<MaintenanceState>('/api/Admin/maintenance', { body: { until: null }, notifyOnError: false }),
    // Every answer cached before was refused with 418: ask again.
    onSuccess: () => void client.invalidateQueries(),
  });
}
