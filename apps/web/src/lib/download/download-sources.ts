import type { DownloadUrlList, Redownload } from '@portal/contracts/downloads';
import { apiClient } from '../api-client/client';
import { fetchBlobWithProgress } from './download-file';
import { resolveServerUrl } from '../api-client/server-url';
import type { BlobFetcher } from './use-file-download';

/** The single-file download calls of the download centre; each answers a signed URL list (spec §3). */
export type FileDownloadEndpoint = '/api/Software/download' | '/api/Cad/download';

function firstUrl(list: DownloadUrlList): string {
  const [first] = list;
  if (!first) throw new Error('The download answer holds no URL');
  return resolveServerUrl(first.downloadUrl);
}

/** Bytes behind a signed URL, streamed with progress once `requestUrl` has produced it. */
export function signedUrlBlob(requestUrl: () => Promise<string>): BlobFetcher {
  return async (onProgress) => fetchBlobWithProgress(await requestUrl(), onProgress);
}

/** One stored software or CAD file, by id. */
export function storedFileBlob(endpoint: FileDownloadEndpoint, fileId: string): BlobFetcher {
  return signedUrlBlob(async () => firstUrl(await apiClient.post(endpoint, { query: { fileId } })));
}

/**
 * A zip of several files (`GET /api/Content/downloadZip`), streamed by the API itself with the
 * user's token; its length is not known to the client, so no percentage is shown.
 */
export function zipBlob(zipPath: string): BlobFetcher {
  return () => apiClient.get<Blob>('/api/Content/downloadZip', { query: { filePath: zipPath }, responseType: 'blob' });
}

/** Whatever the download history says to call to get an item again: a signed-URL call or a zip. */
export function redownloadBlob({ method, url, body }: Redownload): BlobFetcher {
  if (method === 'GET') return () => apiClient.get<Blob>(url, { responseType: 'blob' });
  return signedUrlBlob(async () => firstUrl(await apiClient.post(url, { body })));
}

/** A file name for a zip the client names itself: the parts joined by `-`, unsafe characters replaced. */
export function zipFileName(...parts: string[]): string {
  const name = parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  return `${name || 'download'}.zip`;
}
