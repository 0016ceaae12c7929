import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import { maxSearchQueryLength } from '@portal/contracts/search-limits';
import { apiClient } from '../../../lib/api-client/client';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { ResourcesPage } from './resources-page';

const answer = (q: string | null): SearchResponse => ({
  items: [
    {
      id: `doc-${q ?? 'all'}`, serviceRef: 'D1', title: `Manual about ${q ?? 'everything'}`, fileName: 'manual.pdf', typeCode: 'manual',
      languageCode: 'en', resourceVersion: 'A', versionId: 'v1', publishedAt: '2026-01-01T00:00:00.000Z', downloadable: true,
      mediaType: 'application/pdf', snippet: '', products: [], thumbnailUrl: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: {
    type: [{ value: 'manual', label: 'Manual', count: 1 }, { value: 'datasheet', label: 'Data sheet', count: 3 }],
    product: [],
    language: [{ value: 'en', label: 'English', count: 1 }],
  },
});

interface Call {
  url: URL;
  signal: AbortSignal;
}

/** The page in a data router, with an API whose search answers only when the test says so. */
function renderPage(initialUrl: string, respond: (url: URL) => SearchResponse = (url) => answer(url.searchParams.get('q'))) {
  const calls: Call[] = [];
  const pending = new Map<Call, () => void>();
  const fetch = vi.fn((input: string, init: RequestInit) => {
    const url = new URL(input);
    if (!url.pathname.endsWith('/api/Content/search')) return Promise.resolve(Response.json({ items: [], total: 0 }));
    const call = { url, signal: init.signal! };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      pending.set(call, () => resolve(Response.json(respond(url))));
      call.signal.addEventListener('abort', () => reject(call.signal.reason));
    });
  });
  apiClient.configure({ baseUrl: 'http://api.test', fetch: fetch as unknown as typeof globalThis.fetch, notifyError: () => undefined });
  const router = createMemoryRouter([{ path: '/resources', element: <ResourcesPage /> }], { initialEntries: [initialUrl] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const answerCall = (call: Call) => pending.get(call)!();
  return { calls, router, answerCall };
}

describe('ResourcesPage', () => {
  beforeAll(() => initTestI18n('en-US'));
  afterEach(() => apiClient.configure({ fetch: (...args) => globalThis.fetch(...args) }));

  it('restores the search, filters, sort and page from a pasted link', async () => {
    const { calls, answerCall } = renderPage('/resources?q=torque&type=manual&type=datasheet&sort=title&page=2');
    await waitFor(() => expect(calls).toHaveLength(1));
    const query = calls[0]!.url.searchParams;
    expect(query.get('q')).toBe('torque');
    expect(query.getAll('type')).toEqual(['manual', 'datasheet']);
    expect(query.get('sort')).toBe('title');
    expect(query.get('page')).toBe('2');
    expect(query.get('pageSize')).toBe('24');
    expect(screen.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('torque');

    answerCall(calls[0]!);
    expect(await screen.findByRole('checkbox', { name: /^Data sheet/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Manual/ })).toBeChecked();
  });

  it('searches 250 ms after the last key and cancels the search it replaces', async () => {
    const { calls, router } = renderPage('/resources?q=torque');
    await waitFor(() => expect(calls).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: 'Search documents' });

    await userEvent.type(box, ' sensor');
    // One search for the whole word, not one per key.
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url.searchParams.get('q')).toBe('torque sensor');
    expect(router.state.location.search).toBe('?q=torque+sensor');
    // The first search had not answered: it is cancelled, not left running.
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    await new Promise((wait) => setTimeout(wait, 300));
    expect(calls).toHaveLength(2);
  });

  it('puts a ticked facet in the URL and goes back to the first page', async () => {
    const { calls, router, answerCall } = renderPage('/resources?page=3');
    await waitFor(() => expect(calls).toHaveLength(1));
    answerCall(calls[0]!);
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Data sheet/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=datasheet'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url.searchParams.getAll('type')).toEqual(['datasheet']);
    expect(calls[1]!.url.searchParams.get('page')).toBe('1');
  });

  it('names the corrected query it shows results for, and offers the words as typed, never "Did you mean"', async () => {
    const { calls, router, answerCall } = renderPage('/resources?q=manaul', (url) => ({
      ...answer(url.searchParams.get('q')),
      ...(url.searchParams.get('q') === 'manaul' && url.searchParams.get('exact') !== 'true' && { didYouMean: 'manual' }),
    }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get('exact')).toBeNull();
    answerCall(calls[0]!);
    const note = await screen.findByTestId('corrected-query');
    expect(note).toHaveTextContent('Showing results for manual — search instead for manaul');
    expect(note.querySelector('strong')).toHaveTextContent('manual');
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'manaul' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=manaul&exact=true'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url.searchParams.get('q')).toBe('manaul');
    expect(calls[1]!.url.searchParams.get('exact')).toBe('true');
    answerCall(calls[1]!);
    await waitFor(() => expect(screen.queryByTestId('corrected-query')).not.toBeInTheDocument());
    expect(screen.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('manaul');

    // Typing other words corrects them again.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search documents' }), 's');
    await waitFor(() => expect(router.state.location.search).toBe('?q=manauls'));
  }, 20_000);

  it('moves a page past the end to the last page, without claiming both results and none', async () => {
    const { calls, router, answerCall } = renderPage('/resources?q=torque&page=999', (url) => {
      const page = Number(url.searchParams.get('page'));
      const full = answer('torque');
      return { ...full, total: 30, page, items: page === 2 ? full.items : [] };
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    answerCall(calls[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=torque&page=2'));
    expect(screen.queryByTestId('resources-empty')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    answerCall(calls[1]!);
    expect(await screen.findByText('Manual about torque')).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('30 documents');
  }, 20_000);

  it('says a text longer than the API accepts is too long, and does not send it', async () => {
    const { calls } = renderPage('/resources?q=torque');
    await waitFor(() => expect(calls).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: 'Search documents' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(maxSearchQueryLength));
    expect(await screen.findByText(/The search text is too long/)).toBeInTheDocument();
    await new Promise((wait) => setTimeout(wait, 400));
    expect(calls).toHaveLength(1);
  }, 20_000);
});
