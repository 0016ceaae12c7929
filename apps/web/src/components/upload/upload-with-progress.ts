import { subscriptionKeyHeader } from '@portal/contracts/subscription-key';
import { ApiError } from '../../lib/api-client/api-error';
import { getAccessToken } from '../../lib/auth/session';
import { getConfig } from '../../lib/config';

/** Called with the share of the body sent so far, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload (a `metadata` field holding JSON first, then one `file` field per file)
 * through XMLHttpRequest, the one browser API that reports upload progress. Sends the same
 * headers as the API client.
 */
export function uploadWithProgress<T>(path: string, metadata: unknown, files: readonly File[], onProgress: UploadProgress, signal?: AbortSignal): Promise<T> {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const file of files) form.append('file', file, file.name);
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
