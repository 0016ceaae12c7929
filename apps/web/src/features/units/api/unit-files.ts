import type { UnitFileUrl } from '@portal/contracts/units';
import { apiClient } from '../../../lib/api-client/client';
import { resolveServerUrl } from '../../../lib/api-client/server-url';
import type { BlobFetcher } from '../../../lib/download/use-file-download';

/** The unit's offline package (a zip streamed by the API with the user's token). */
export function packageBlob(serial: string, language: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Units/${encodeURIComponent(serial)}/package`, { query: { language }, responseType: 'blob' });
}

/** The unit's printable label as PNG. */
export function labelBlob(serial: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Units/${encodeURIComponent(serial)}/label.png`, { responseType: 'blob' });
}

/**
 * A signed URL of one version the unit page lists (withdrawn ones kept for this machine too), `inline` to
 * view or print, `attachment` to save; `language` is the page's (its declarations' variants count).
 */
export async function unitFileUrl(serial: string, versionId: string, disposition: 'inline' | 'attachment', language: string): Promise<string> {
  const { downloadUrl } = await apiClient.get<UnitFileUrl>(`/api/Units/${encodeURIComponent(serial)}/files/${encodeURIComponent(versionId)}`, {
    query: { disposition, language },
  });
  return resolveServerUrl(downloadUrl);
}
