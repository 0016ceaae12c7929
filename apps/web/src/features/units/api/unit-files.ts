import { apiClient } from '../../../lib/api-client/client';
import type { BlobFetcher } from '../../../lib/download/use-file-download';

/** The unit's offline package (a zip streamed by the API with the user's token). */
export function packageBlob(serial: string, language: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Units/${encodeURIComponent(serial)}/package`, { query: { language }, responseType: 'blob' });
}

/** The unit's printable label as PNG. */
export function labelBlob(serial: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Units/${encodeURIComponent(serial)}/label.png`, { responseType: 'blob' });
}
