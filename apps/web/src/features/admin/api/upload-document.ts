import type { AdminDocument, CreateDocumentMetadata, NewVersionMetadata } from '@portal/contracts/admin-documents';
import { subscriptionKeyHeader } from '@portal/contracts/subscription-key';
import { ApiError } from '../../../lib/api-client/api-error';
import { getAccessToken } from '../../../lib/auth/session';
import { getConfig } from '../../../lib/config';

export type UploadProgress = (fraction: number) => void;

/** The metadata the console sends: the server fills in every default. */
export type NewDocumentMetadata = Pick<CreateDocumentMetadata, 'serviceRef' | 'title' | 'typeCode' | 'languageCode'> & Partial<CreateDocumentMetadata>;
export type VersionUpload = Pick<NewVersionMetadata, 'resourceVersion'> & Partial<NewVersionMetadata>;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload (metadata first, then the file) through XMLHttpRequest, the one browser API
 * that reports upload progress. Sends the same headers as the API client.
 */
function upload<T>(path: string, metadata: unknown, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<T> {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  form.append('file', file, file.name);
  const { apiBaseUrl, subscriptionKey } = getConfig();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl.replace(/\/+$/, '')}${path}`);
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (subscriptionKey) request.setRequestHeader(subscriptionKeyHeader, subscriptionKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiError(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, { error: 'networkError', message: 'The connection was lost.' }));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** POST /api/Admin/documents: a new document and its first version. */
export function uploadNewDocument(metadata: NewDocumentMetadata, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return upload('/api/Admin/documents', metadata, file, onProgress, signal);
}

/** POST /api/Admin/documents/:id/versions: a new version that becomes the current one. */
export function uploadNewVersion(id: string, metadata: VersionUpload, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<AdminDocument> {
  return upload(`/api/Admin/documents/${encodeURIComponent(id)}/versions`, metadata, file, onProgress, signal);
}
