import { cancellation as defaultCancellation, isAbortError, type CancellationService } from '../cancellation';
import { ApiError } from './api-error';
import { createRequestCache, requestCacheKey, sortedQueryString, type QueryParams, type RequestCache } from './request-cache';
import { fetchWithUploadProgress, type UploadProgress } from './xhr-transport';

export type { UploadProgress } from './xhr-transport';

/** Spec §9: maintenance fallback when a 418 answer carries no date. */
export const maintenanceFallbackMs = 60 * 60 * 1000;

export type ResponseType = 'json' | 'blob' | 'text';

export interface RequestOptions {
  /** Aborts the request; always combined with the cancellation service's signal. */
  signal?: AbortSignal;
  /** GET only: answer from the 5-minute request cache when possible (off by default). */
  useCache?: boolean;
  query?: QueryParams;
  /** Sent as JSON unless it is FormData, a Blob or a string. */
  body?: unknown;
  responseType?: ResponseType;
  /** Set to false when the caller shows its own message for failures (no generic toast). */
  notifyOnError?: boolean;
  /** Milliseconds; 0 means no timeout (spec §9 default). */
  timeoutMs?: number;
  /** Sends through XMLHttpRequest to report how much of the body has gone (uploads). */
  onUploadProgress?: UploadProgress;
  /** Set to false to keep the request running when the user navigates (uploads). */
  cancelOnNavigation?: boolean;
}

/** An upload: a multipart body sent with POST, its progress reported as it goes. */
export type UploadOptions = Omit<RequestOptions, 'body' | 'useCache' | 'responseType' | 'onUploadProgress' | 'cancelOnNavigation'> & {
  onProgress?: UploadProgress;
};

export interface ApiClientSettings {
  baseUrl: string;
  /** Sent in `subscriptionKeyHeaderName` when set. */
  subscriptionKey: string | null;
  subscriptionKeyHeaderName: string;
  getAccessToken: () => Promise<string | null> | string | null;
  /**
   * Renews the session after a 401 so that `getAccessToken` answers the new token; answers it, or
   * null when the session cannot be renewed (then the 401 signs in again).
   */
  refreshAccessToken: () => Promise<string | null> | string | null;
  /** Starts single sign-on, coming back to `returnTo`. */
  signIn: (returnTo: string) => Promise<void> | void;
  navigate: (to: string) => void;
  notifyError: (error: Error) => void;
  cancellation: CancellationService;
  fetch: typeof fetch;
  /** The XMLHttpRequest uploads go through. */
  createXhr: () => XMLHttpRequest;
  now: () => number;
  /** The Accept-Language of every request (the interface language first), or null to leave the browser's. */
  acceptLanguage: () => string | null;
}

export function createApiClient(initial: Partial<ApiClientSettings> = {}, cache: RequestCache = createRequestCache()) {
  const settings: ApiClientSettings = {
    baseUrl: '',
    subscriptionKey: null,
    subscriptionKeyHeaderName: 'Ocp-Apim-Subscription-Key',
    getAccessToken: () => null,
    refreshAccessToken: () => null,
    signIn: () => window.location.assign('/'),
    navigate: (to) => window.location.assign(to),
    notifyError: () => undefined,
    cancellation: defaultCancellation,
    fetch: (...args) => globalThis.fetch(...args),
    createXhr: () => new XMLHttpRequest(),
    now: () => Date.now(),
    acceptLanguage: () => null,
    ...initial,
  };
  let signingIn: Promise<void> | null = null;
  let refreshing: Promise<string | null> | null = null;

  function headersFor(options: RequestOptions, token: string | null): Headers {
    const headers = new Headers({
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Access-Control-Allow-Origin': '*',
    });
    if (settings.subscriptionKey) headers.set(settings.subscriptionKeyHeaderName, settings.subscriptionKey);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const languages = settings.acceptLanguage();
    if (languages) headers.set('Accept-Language', languages);
    if (options.body !== undefined && !isRawBody(options.body)) headers.set('Content-Type', 'application/json');
    return headers;
  }

  function signalFor(options: RequestOptions): AbortSignal {
    const signals: AbortSignal[] = [];
    if (options.cancelOnNavigation !== false) signals.push(settings.cancellation.signal());
    if (options.signal) signals.push(options.signal);
    if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));
    return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  }

  function transportFor(options: RequestOptions): (url: string, init: RequestInit) => Promise<Response> {
    const { onUploadProgress } = options;
    if (!onUploadProgress) return settings.fetch;
    return (url, init) => fetchWithUploadProgress(url, init, onUploadProgress, settings.createXhr);
  }

  async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const url = `${settings.baseUrl}${path}`;
    const queryString = sortedQueryString(options.query);
    const signal = signalFor(options);
    const transport = transportFor(options);
    const attempt = async () => {
      const token = await settings.getAccessToken();
      const init = { method, headers: headersFor(options, token), body: toBody(options.body), signal };
      return { token, response: await transport(queryString ? `${url}?${queryString}` : url, init) };
    };
    const first = await attempt();
    let { response } = first;
    // An expired or revoked token: renew it and send once more before signing in again.
    if (response.status === 401 && !signal.aborted && (await renewedToken(first.token))) ({ response } = await attempt());
    if (!response.ok) throw await onFailure(response, signal);
    return parse(response, options);
  }

  /** Whether a token other than `sent` is there to send: renewed by this 401 or one before it. */
  async function renewedToken(sent: string | null): Promise<boolean> {
    const current = await settings.getAccessToken();
    if (current && current !== sent) return true;
    // Parallel requests may all get 401: renew once.
    refreshing ??= Promise.resolve()
      .then(() => settings.refreshAccessToken())
      .catch((cause: unknown) => {
        console.error('Token refresh failed', cause);
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    const fresh = await refreshing;
    return fresh !== null && fresh !== sent;
  }

  async function onFailure(response: Response, signal: AbortSignal): Promise<Error> {
    const body = await readBody(response);
    // Cancelled while the error body was read: a cancelled request, not a 401/418 to act on.
    if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new DOMException('Request cancelled', 'AbortError');
    const error = new ApiError(response.status, body);
    // An erased or disabled account (accountErased, accountDisabled) stays refused whatever the provider says: signing in again would loop.
    if (response.status === 401 && error.code !== 'accountErased' && error.code !== 'accountDisabled') {
      console.log('not authenticated');
      sessionStorage.clear();
      // Parallel requests may all get 401: start sign-in once. Not awaited: the redirect
      // only settles when the page is left, and the caller must see the rejection now.
      signingIn ??= Promise.resolve(settings.signIn('/')).catch((cause: unknown) => {
        signingIn = null;
        console.error('Sign-in redirect failed', cause);
      });
    } else if (response.status === 418) {
      const target = `/under-maintenance?nextAvailability=${encodeURIComponent(nextAvailability(error.body))}`;
      // Navigate once the caller has seen the rejection: the navigation cancels in-flight
      // queries, and cancelling this very query would revert it to pending and fetch it again.
      setTimeout(() => settings.navigate(target));
    }
    return error;
  }

  function nextAvailability(body: unknown): string {
    const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
    if (typeof data === 'string' && data.length > 0) return data;
    return new Date(settings.now() + maintenanceFallbackMs).toISOString();
  }

  async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const cacheable = method === 'GET' && options.useCache === true;
    const key = requestCacheKey(`${settings.baseUrl}${path}`, options.query);
    const hit = cacheable ? cache.get(key) : undefined;
    if (hit) return hit.value as T;
    try {
      const value = await send<T>(method, path, options);
      if (cacheable) cache.set(key, { value });
      return value;
    } catch (error) {
      if (shouldNotify(error, options)) settings.notifyError(error as Error);
      throw error;
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T = unknown>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /**
     * POST of a multipart body with upload progress. Unlike queries it survives navigation (the
     * user may browse on while a large file goes); the caller's signal still stops it.
     */
    upload: <T = unknown>(path: string, body: FormData, { onProgress = () => undefined, ...options }: UploadOptions = {}) =>
      request<T>('POST', path, { ...options, body, onUploadProgress: onProgress, cancelOnNavigation: false }),
    /** Boot steps attach their part (base URL, token, subscription key, interceptors) here. */
    configure(patch: Partial<ApiClientSettings>): void {
      Object.assign(settings, patch);
    },
    clearCache(): void {
      cache.clear();
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function shouldNotify(error: unknown, options: RequestOptions): boolean {
  if (options.notifyOnError === false || isAbortError(error)) return false;
  // 401 and 418 are answered by a redirect, not a message.
  return !(error instanceof ApiError && (error.status === 401 || error.status === 418));
}

function isRawBody(body: unknown): body is BodyInit {
  return typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function toBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return isRawBody(body) ? body : JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch((error: unknown) => {
    if (isAbortError(error)) throw error;
    return '';
  });
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function parse<T>(response: Response, options: RequestOptions): Promise<T> {
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (options.responseType === 'text') return (await response.text()) as T;
  const text = await response.text();
  // The API checks every answer against its contract (packages/contracts) before sending it.
  return (text ? JSON.parse(text) : undefined) as T;
}
