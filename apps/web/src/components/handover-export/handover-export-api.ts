import { apiClient } from '../../lib/api-client/client';
import type { BlobFetcher } from '../../lib/download/use-file-download';

/** The two machine-readable handovers of a unit the API streams, with the user's token. */
export type HandoverFormat = 'vdi2770' | 'aasx';

/** The unit's documentation as a VDI 2770 documentation container or an AASX package, in the reader's language. */
export function handoverBlob(serial: string, format: HandoverFormat, language: string): BlobFetcher {
  return () => apiClient.get<Blob>(`/api/Units/${encodeURIComponent(serial)}/${format}`, { query: { language }, responseType: 'blob' });
}

/** The name the export is saved under. */
export function handoverFileName(serial: string, format: HandoverFormat, language: string): string {
  return format === 'aasx' ? `${serial}-${language}.aasx` : `${serial}-vdi2770-${language}.zip`;
}
