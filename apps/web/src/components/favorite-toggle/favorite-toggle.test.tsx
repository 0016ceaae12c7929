import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Favorite } from '@portal/contracts/favorites';
import { apiClient } from '../../lib/api-client/client';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { FavoriteToggle } from './favorite-toggle';

const saved: Favorite = {
  itemKind: 'document', itemId: 'doc-1', title: 'R100 manual', createdAt: '2026-01-01T00:00:00.000Z',
  document: {
    id: 'doc-1', serviceRef: 'D1', title: 'R100 manual', fileName: 'r100.pdf', resourceVersion: 'A',
    downloadableDocument: true, typeCode: 'manual', languageCode: 'en', thumbnailUrl: null,
  },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function renderToggle(respond: (method: string, url: string) => Promise<Response> | Response) {
  const fetch = vi.fn(async (input: string, init: RequestInit) => respond(init.method ?? 'GET', input));
  apiClient.configure({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch, notifyError: () => undefined });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <FavoriteToggle itemKind="document" itemId="doc-1" title="R100 manual" />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('FavoriteToggle', () => {
  beforeAll(() => initTestI18n());
  afterEach(() => apiClient.configure({ fetch: (...args) => globalThis.fetch(...args) }));

  it('shows the star pressed as soon as it is clicked, before the server answers', async () => {
    const put = deferred<Response>();
    const fetch = renderToggle((method) => (method === 'PUT' ? put.promise : json(200, { items: [], total: 0 })));
    const star = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('http://api.test/api/Favorites', expect.anything()));
    expect(star).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(star);
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Favorites/document/doc-1', expect.objectContaining({ method: 'PUT' }));

    const toast = vi.spyOn(notifications, 'show');
    put.resolve(json(200, saved));
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');
    // Confirmed once the server saved it, with the item's title.
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Added to your favourites', message: 'R100 manual' })));
    toast.mockRestore();
  });

  it('puts the star back when the server refuses the change', async () => {
    const refusal = deferred<Response>();
    const toast = vi.spyOn(notifications, 'show');
    const fetch = renderToggle((method) => (method === 'DELETE' ? refusal.promise : json(200, { items: [saved], total: 1 })));
    const star = await screen.findByRole('button', { name: 'Remove from favourites' });
    await userEvent.click(star);
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toHaveAttribute('aria-pressed', 'false');
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Favorites/document/doc-1', expect.objectContaining({ method: 'DELETE' }));
    refusal.resolve(json(500, { error: 'internalError', message: 'no' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true'));
    // A refusal confirms nothing.
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });
});
