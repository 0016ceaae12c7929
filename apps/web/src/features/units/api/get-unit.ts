import { queryOptions } from '@tanstack/react-query';
import type { UnitDetail } from '@portal/contracts/units';
import { apiClient } from '../../../lib/api-client/client';

/**
 * GET /api/Units/:serial with the package language and, when the user downloaded a package before,
 * its version (the answer says whether it is out of date). The page shows its own 404.
 */
export function getUnit(serial: string, language: string, packageVersion: string | null, signal?: AbortSignal): Promise<UnitDetail> {
  return apiClient.get(`/api/Units/${encodeURIComponent(serial)}`, {
    signal,
    notifyOnError: false,
    query: { language, ...(packageVersion ? { packageVersion } : {}) },
  });
}

export const unitQueryOptions = (serial: string, language: string, packageVersion: string | null) =>
  queryOptions({
    queryKey: ['units', 'detail', serial, language, packageVersion],
    queryFn: ({ signal }) => getUnit(serial, language, packageVersion, signal),
    staleTime: 30 * 1000,
  });
