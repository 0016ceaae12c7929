import { vi } from 'vitest';
import { apiClient } from '../lib/api-client/client';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Points the app's API client at handlers keyed by path (tests only); unknown paths answer 404.
 * Returns the fetch mock and the generic-toast spy so tests can assert what was called.
 */
export function fakeContentApi(handlers: Record<string, Handler>) {
  // The viewer's favourite star reads the user's favourites: none, unless a test says otherwise.
  const all: Record<string, Handler> = { '/api/Favorites': () => json(200, { items: [], total: 0 }), ...handlers };
  const fetch = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const handler = all[url.pathname];
    return handler ? handler(url, init) : json(404, { error: 'notFound', message: `no fake for ${url.pathname}` });
  });
  const notifyError = vi.fn();
  apiClient.configure({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch, notifyError, getAccessToken: () => 'token' });
  /** The calls made to `path`. */
  const calls = (path: string) => fetch.mock.calls.map(([input]) => new URL(input)).filter((url) => url.pathname === path);
  return { fetch, notifyError, calls };
}
