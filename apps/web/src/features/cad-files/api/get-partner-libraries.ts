import { queryOptions } from '@tanstack/react-query';
import type { CadPartnerLibrariesResponse } from '@portal/contracts/cad';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Cad/partnerLibraries: the libraries the user may see, grouped per CAD tool, versions newest first. */
export function getPartnerLibraries(signal?: AbortSignal): Promise<CadPartnerLibrariesResponse> {
  return apiClient.get('/api/Cad/partnerLibraries', { signal });
}

export const partnerLibrariesQueryOptions = () =>
  queryOptions({ queryKey: ['cad', 'partnerLibraries'], queryFn: ({ signal }) => getPartnerLibraries(signal), staleTime: 60 * 1000 });
