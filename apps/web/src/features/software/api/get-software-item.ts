import { queryOptions } from '@tanstack/react-query';
import type { SoftwareItemResponse } from '@portal/contracts/software';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Software/:equipmentName: the item with its versions, newest first. The page shows its own 403/404. */
export function getSoftwareItem(equipmentName: string, signal?: AbortSignal): Promise<SoftwareItemResponse> {
  return apiClient.get(`/api/Software/${encodeURIComponent(equipmentName)}`, {
    signal,
    notifyOnError: false,
  });
}

export const softwareItemQueryOptions = (equipmentName: string) =>
  queryOptions({
    queryKey: ['software', 'item', equipmentName],
    queryFn: ({ signal }) => getSoftwareItem(equipmentName, signal),
    staleTime: 30 * 1000,
  });
