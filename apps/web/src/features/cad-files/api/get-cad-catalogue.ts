import { queryOptions } from '@tanstack/react-query';
import type { CadCatalogueResponse } from '@portal/contracts/cad';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Cad/catalogue: the robot families and models the user may see, with their option groups. */
export function getCadCatalogue(signal?: AbortSignal): Promise<CadCatalogueResponse> {
  return apiClient.get('/api/Cad/catalogue', { signal });
}

export const cadCatalogueQueryOptions = () =>
  queryOptions({ queryKey: ['cad', 'catalogue'], queryFn: ({ signal }) => getCadCatalogue(signal), staleTime: 5 * 60 * 1000 });
