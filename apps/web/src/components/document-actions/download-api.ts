import type { DownloadUrlList } from '@portal/contracts/downloads';
import { apiClient } from '../../lib/api-client/client';
import { applicationId, resolveServerUrl } from '../../lib/api-client/server-url';

/**
 * POST download (spec §7): a one-document list in, a list whose first item has the signed
 * downloadUrl out; the current version unless `versionId` names another.
 */
export async function requestDownloadUrl(documentId: string, versionId?: string): Promise<string> {
  const [first] = await apiClient.post<DownloadUrlList>('/api/Content/download', {
    query: { applicationId: applicationId(), versionId },
    body: [documentId],
  });
  if (!first) throw new Error('The download answer holds no URL');
  return resolveServerUrl(first.downloadUrl);
}
