/** Called with the share of the body sent so far, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/** Statuses whose answers carry no body: `new Response` refuses one for them. */
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * `fetch` through XMLHttpRequest, the one browser API that reports upload progress: the API client
 * sends uploads with it, and reads the answer as the `Response` it reads from fetch. Like fetch, a
 * lost connection rejects with a TypeError and an aborted signal with its reason.
 */
export function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: UploadProgress, createXhr: () => XMLHttpRequest): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<Response>((resolve, reject) => {
    const request = createXhr();
    request.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const stop = () => request.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => signal?.removeEventListener('abort', stop);
    request.onload = () => {
      settle();
      // Status 0 (or a made-up one) is no answer from a server: what fetch calls a network error.
      if (request.status < 200 || request.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const body = nullBodyStatuses.has(request.status) ? null : request.responseText;
      resolve(new Response(body, { status: request.status, statusText: request.statusText, headers: parseHeaders(request.getAllResponseHeaders()) }));
    };
    request.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    request.onabort = () => {
      settle();
      reject(signal ? abortReason(signal) : new DOMException('Upload cancelled', 'AbortError'));
    };
    request.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Upload cancelled', 'AbortError');
}

/** The `name: value` lines of `getAllResponseHeaders()`. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses: the client reads none it could not parse.
    }
  }
  return headers;
}
