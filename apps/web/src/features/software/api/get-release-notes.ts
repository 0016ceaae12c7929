import { queryOptions } from '@tanstack/react-query';
import type { PortalDocument } from '@portal/contracts/documents';
import { apiClient } from '../../../lib/api-client/client';

/** GET /api/Software/:equipmentName/documentation/:filename: the release notes as a document for the viewer. */
export function getReleaseNotes(equipmentName: string, filename: string, signal?: AbortSignal): Promise<PortalDocument> {
  return apiClient.get(`/api/Software/${encodeURIComponent(equipmentName)}/documentation/${encodeURIComponent(filename)}`, {
    signal,
    notifyOnError: false,
  });
}

export const releaseNotesQueryOptions = (equipmentName: string, filename: string) =>
  queryOptions({
    queryKey: ['software', 'releaseNotes', equipmentName, filename],
    queryFn: ({ signal }) => getReleaseNotes(equipmentName, filename, signal),
    staleTime: 60 * 1000,
  });
