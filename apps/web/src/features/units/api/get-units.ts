import { queryOptions } from '@tanstack/react-query';
import type { UnitListResponse } from '@portal/contracts/units';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Units: the units the user may see ("My equipment"). */
export function getUnits(signal?: AbortSignal): Promise<UnitListResponse> {
  return apiClient.get('/api/Units', { signal });
}

export const unitsQueryOptions = () =>
  queryOptions({
    queryKey: ['units', 'list'],
    queryFn: ({ signal }) => getUnits(signal),
    staleTime: 30 * 1000,
  });
