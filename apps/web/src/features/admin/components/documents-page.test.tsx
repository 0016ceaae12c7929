import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { queryClient } from '../../../lib/query-client';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { DocumentsPage } from './documents-page';

const item = (id: string, title: string, state: 'published' | 'unpublished' = 'published'): AdminDocumentListItem => ({
  id, serviceRef: id.toUpperCase(), variantGroup: id.toUpperCase(), title, typeCode: 'manual', languageCode: 'en', products: ['R100'],
  audience: { kind: 'everyone', rules: 0 }, state, scheduledAt: null, currentVersion: { id: `${id}-A`, resourceVersion: 'A' }, updatedAt: '2026-03-01T10:00:00.000Z',
});

function renderPage(initialUrl: string) {
  const api = fakeContentApi({
    '/api/Admin/documents': () => json(200, { items: [item('d1', 'Arm manual'), item('d2', 'Gripper sheet', 'unpublished')], total: 60 }),
    '/api/Admin/documents/d1/publish': () => json(200, {}),
    '/api/Content/search': () => json(200, { items: [], total: 0, page: 1, pageSize: 1, facets: { type: [{ value: 'manual', label: 'Manual', count: 2 }], product: [], language: [] } }),
  });
  const router = createMemoryRouter([{ path: '/admin/documents', element: <DocumentsPage /> }], { initialEntries: [initialUrl] });
  renderWithProviders(
    // The page refreshes the list through the app's query client after a change.
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const listCalls = () => api.calls('/api/Admin/documents').map((url) => Object.fromEntries(url.searchParams));
  return { api, router, listCalls };
}

describe('documents page: the table query state', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initTestI18n();
    // The table scrolls back to the top on a page change: jsdom has no scrolling.
    Element.prototype.scrollTo ??= () => undefined;
  });

  it('asks the server for the page, filters and sort of the URL', async () => {
    queryClient.clear();
    const { listCalls } = renderPage('/admin/documents?type=manual&state=published&sort=title&direction=asc&page=2');
    expect(await screen.findByText('Arm manual')).toBeInTheDocument();
    expect(listCalls()[0]).toEqual({ type: 'manual', state: 'published', sort: 'title', direction: 'asc', page: '2', pageSize: '25' });
    expect(screen.getByText('26–27 of 60')).toBeInTheDocument();
  });

  it('sorts on a column header click and searches as the user types, starting again at page 1', async () => {
    queryClient.clear();
    const user = userEvent.setup();
    const { router, listCalls } = renderPage('/admin/documents?page=3');
    await screen.findByText('Arm manual');
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&direction=asc'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'title', direction: 'asc', page: '1' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'arm');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ q: 'arm', sort: 'title', page: '1' }));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('arm');
  });

  it('pages on the server', async () => {
    queryClient.clear();
    const user = userEvent.setup();
    const { listCalls } = renderPage('/admin/documents');
    await screen.findByText('Arm manual');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '2', sort: 'updatedAt', direction: 'desc' }));
  });

  it('publishes the selected documents in bulk', async () => {
    queryClient.clear();
    const user = userEvent.setup();
    const { api } = renderPage('/admin/documents');
    await screen.findByText('Arm manual');
    await user.click(screen.getByRole('checkbox', { name: 'Select Arm manual' }));
    const bar = await screen.findByTestId('bulk-actions');
    expect(bar).toHaveTextContent('1 document selected');
    await user.click(within(bar).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls('/api/Admin/documents/d1/publish')).toHaveLength(1));
    expect(api.fetch.mock.calls.find(([input]) => String(input).endsWith('/d1/publish'))![1].method).toBe('POST');
  });
});
