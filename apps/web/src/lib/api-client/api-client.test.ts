import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCancellationService } from '../cancellation';
import { createApiClient, maintenanceFallbackMs, type ApiClientSettings } from './api-client';
import { ApiError } from './api-error';
import { createRequestCache, requestCacheTtlMs } from './request-cache';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(overrides: Partial<ApiClientSettings> = {}, respond: (...args: FetchArgs) => Promise<Response> | Response = () => jsonResponse(200, { ok: true })) {
  const fetch = vi.fn(async (input: string, init: RequestInit) => respond(input, init));
  const settings = {
    baseUrl: 'https://gateway.test',
    subscriptionKey: 'sub-key',
    getAccessToken: () => 'token-1',
    signIn: vi.fn(),
    navigate: vi.fn(),
    notifyError: vi.fn(),
    cancellation: createCancellationService(),
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => Date.parse('2030-01-01T10:00:00.000Z'),
    ...overrides,
  };
  const cache = createRequestCache();
  const client = createApiClient(settings, cache);
  // The request cache reads Date.now(); only the Date is faked, timers stay real.
  vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
  return { client, fetch, settings, advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

describe('api client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sends the no-cache, subscription-key, bearer and allow-origin headers to the base URL', async () => {
    const { client, fetch } = setup();
    await expect(client.get('/api/Me')).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://gateway.test/api/Me');
    const headers = new Headers(init.headers);
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Ocp-Apim-Subscription-Key')).toBe('sub-key');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('sends the interface language as Accept-Language, and none of its own without one', async () => {
    const { client, fetch } = setup({ acceptLanguage: () => 'de-DE, en-US;q=0.9' });
    await client.get('/api/Me');
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Accept-Language')).toBe('de-DE, en-US;q=0.9');
    const plain = setup();
    await plain.client.get('/api/Me');
    expect(new Headers(plain.fetch.mock.calls[0][1].headers).has('Accept-Language')).toBe(false);
  });

  it('leaves out the subscription and bearer headers when there is no key or token', async () => {
    const { client, fetch } = setup({ subscriptionKey: null, getAccessToken: async () => null });
    await client.get('/api/Me');
    const headers = new Headers(fetch.mock.calls[0][1].headers);
    expect(headers.has('Ocp-Apim-Subscription-Key')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends sorted query parameters and a JSON body', async () => {
    const { client, fetch } = setup();
    await client.post('/api/Content/download', { query: { b: '2', applicationId: 'app' }, body: ['doc-1'] });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://gateway.test/api/Content/download?applicationId=app&b=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('["doc-1"]');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('caches GET answers only when useCache is set, keyed by URL and sorted query, for 5 minutes', async () => {
    let n = 0;
    const { client, fetch, advance } = setup({}, () => jsonResponse(200, { n: ++n }));
    await expect(client.get('/t', { query: { a: 1, b: 2 }, useCache: true })).resolves.toEqual({ n: 1 });
    await expect(client.get('/t', { query: { b: 2, a: 1 }, useCache: true })).resolves.toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(client.get('/t', { query: { a: 1, b: 2 } })).resolves.toEqual({ n: 2 });
    await expect(client.get('/t', { query: { a: 1, b: 3 }, useCache: true })).resolves.toEqual({ n: 3 });
    advance(requestCacheTtlMs + 1);
    await expect(client.get('/t', { query: { a: 1, b: 2 }, useCache: true })).resolves.toEqual({ n: 4 });
  });

  it('never caches other methods', async () => {
    const { client, fetch } = setup();
    await client.post('/p', { useCache: true });
    await client.post('/p', { useCache: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('on 401 logs "not authenticated", clears session storage and signs in with return path /', async () => {
    sessionStorage.setItem('oidc.user:x', 'token');
    const { client, settings } = setup({}, () => jsonResponse(401, { error: 'notAuthenticated', message: 'No token' }));
    const error = await client.get('/api/Me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(console.log).toHaveBeenCalledWith('not authenticated');
    expect(sessionStorage.length).toBe(0);
    expect(settings.signIn).toHaveBeenCalledWith('/');
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('does not sign in again on 401 accountErased (the provider would sign the erased person straight back)', async () => {
    const { client, settings } = setup({}, () => jsonResponse(401, { error: 'accountErased', message: 'This account was erased.' }));
    await expect(client.get('/api/Me')).rejects.toMatchObject({ status: 401, code: 'accountErased' });
    expect(settings.signIn).not.toHaveBeenCalled();
  });

  it('does not sign in again on 401 accountDisabled (an admin locked the user out; signing in would loop)', async () => {
    const { client, settings } = setup({}, () => jsonResponse(401, { error: 'accountDisabled', message: 'This account is disabled.' }));
    await expect(client.get('/api/Me')).rejects.toMatchObject({ status: 401, code: 'accountDisabled' });
    expect(settings.signIn).not.toHaveBeenCalled();
  });

  it('starts sign-in once when parallel requests get 401', async () => {
    const { client, settings } = setup({}, () => jsonResponse(401));
    await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(settings.signIn).toHaveBeenCalledTimes(1);
  });

  it('on 401 renews the token once for parallel requests and sends each again with the new one', async () => {
    let token = 'token-1';
    const refreshAccessToken = vi.fn(async () => {
      await new Promise((wait) => setTimeout(wait, 5));
      return (token = 'token-2');
    });
    const { client, fetch, settings } = setup({ getAccessToken: () => token, refreshAccessToken }, (_, init) =>
      new Headers(init.headers).get('Authorization') === 'Bearer token-2' ? jsonResponse(200, { ok: true }) : jsonResponse(401),
    );
    await expect(Promise.all([client.get('/a'), client.get('/b')])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(settings.signIn).not.toHaveBeenCalled();
  });

  it('signs in when renewing the token fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refreshAccessToken = vi.fn(async () => Promise.reject(new Error('provider down')));
    const { client, fetch, settings } = setup({ refreshAccessToken }, () => jsonResponse(401));
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(settings.signIn).toHaveBeenCalledWith('/');
  });

  it('on 418 navigates to the maintenance page with the date from the answer and rejects', async () => {
    const { client, settings } = setup({}, () => jsonResponse(418, { data: '2030-01-01T12:30:00.000Z' }));
    const error = await client.get('/api/Me').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(418);
    await vi.waitFor(() =>
      expect(settings.navigate).toHaveBeenCalledWith('/under-maintenance?nextAvailability=2030-01-01T12%3A30%3A00.000Z'),
    );
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('on 418 without a date uses one hour from now', async () => {
    const { client, settings } = setup({}, () => jsonResponse(418));
    await expect(client.get('/api/Me')).rejects.toBeInstanceOf(ApiError);
    const expected = new Date(settings.now() + maintenanceFallbackMs).toISOString();
    expect(expected).toBe('2030-01-01T11:00:00.000Z');
    await vi.waitFor(() =>
      expect(settings.navigate).toHaveBeenCalledWith(`/under-maintenance?nextAvailability=${encodeURIComponent(expected)}`),
    );
  });

  it('passes other errors through and shows the error toast', async () => {
    const { client, settings } = setup({}, () => jsonResponse(403, { error: 'forbidden', message: 'Not for you' }));
    const error = await client.get('/api/Content/documentByServiceRef').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', serverMessage: 'Not for you' });
    expect(settings.notifyError).toHaveBeenCalledWith(error);
    expect(settings.navigate).not.toHaveBeenCalled();
    expect(settings.signIn).not.toHaveBeenCalled();
  });

  it('reads a plain-string error body as the error code (e.g. invalidParameters)', async () => {
    const { client } = setup({}, () => new Response('invalidParameters', { status: 404 }));
    await expect(client.get('/x', { notifyOnError: false })).rejects.toMatchObject({ status: 404, code: 'invalidParameters' });
  });

  it('skips the toast when the caller handles the failure itself', async () => {
    const { client, settings } = setup({}, () => jsonResponse(500));
    await expect(client.get('/x', { notifyOnError: false })).rejects.toBeInstanceOf(ApiError);
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('rejects a request cancelled by the cancellation service without a toast', async () => {
    const hang = (_: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { client, settings } = setup({}, hang);
    const pending = client.get('/slow');
    await vi.waitFor(() => expect(settings.fetch).toHaveBeenCalled());
    settings.cancellation.cancelAll();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(settings.notifyError).not.toHaveBeenCalled();
    // The next request gets the fresh controller's signal.
    const next = (settings.fetch as unknown as ReturnType<typeof vi.fn>);
    next.mockImplementationOnce(async () => jsonResponse(200, 'fresh'));
    await expect(client.get('/next')).resolves.toBe('fresh');
  });

  it('treats a 418 cancelled while its body is read as cancelled: no redirect, no toast', async () => {
    const service = createCancellationService();
    // The answer's headers arrive, then a navigation cancels the request while the body is read.
    const respond = (_: string, init: RequestInit) =>
      ({
        ok: false,
        status: 418,
        text: () =>
          new Promise<string>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
            service.cancelAll();
          }),
      }) as unknown as Response;
    const { client, settings } = setup({ cancellation: service }, respond);
    await expect(client.get('/api/Me')).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settings.navigate).not.toHaveBeenCalled();
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('honours the caller signal as well as the service signal', async () => {
    const hang = (_: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { client, settings } = setup({}, hang);
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    await vi.waitFor(() => expect(settings.fetch).toHaveBeenCalled());
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(settings.notifyError).not.toHaveBeenCalled();
  });

  it('toasts a network failure', async () => {
    const { client, settings } = setup({}, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/x')).rejects.toBeInstanceOf(TypeError);
    expect(settings.notifyError).toHaveBeenCalledTimes(1);
  });

  it('returns blobs, and JSON as it came', async () => {
    const { client } = setup({}, () => new Response('bytes', { status: 200 }));
    const blob = await client.get<Blob>('/file', { responseType: 'blob' });
    expect(await blob.text()).toBe('bytes');
    const { client: jsonClient } = setup({}, () => jsonResponse(200, { id: 1 }));
    await expect(jsonClient.get('/x')).resolves.toEqual({ id: 1 });
  });
});
