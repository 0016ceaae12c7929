import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem, SearchResponse } from '@portal/contracts/documents';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { AudiencePreviewPage } from './audience-preview-page';

const item = (id: string, title: string): SearchItem => ({
  id, serviceRef: id.toUpperCase(), title, fileName: `${id}.pdf`, typeCode: 'manual', languageCode: 'en', resourceVersion: 'B', versionId: `${id}-b`,
  publishedAt: '2026-03-01T00:00:00.000Z', downloadable: true, mediaType: 'application/pdf', snippet: '', products: ['R100'], thumbnailUrl: null,
});
const answer = (items: SearchItem[]): SearchResponse => ({
  items, total: items.length, page: 1, pageSize: 25, didYouMean: null, withoutFilters: null,
  facets: { type: [{ value: 'manual', label: 'Manual', count: items.length }], product: [], language: [] },
} as unknown as SearchResponse);

/** What the API would answer: the ACME customer sees one more document than a customer without an account. */
function fakePreviewApi() {
  return fakeContentApi({
    '/api/Admin/preview/search': (url) => {
      if (url.searchParams.get('asRole') === 'partner') return json(500, { error: 'internal', message: 'boom' });
      const shared = [item('public', 'Robot manual')];
      return json(200, answer(url.searchParams.get('asAccount') === 'ACME' ? [...shared, item('acme', 'ACME layout')] : shared));
    },
  });
}

function renderPage() {
  const api = fakePreviewApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <AudiencePreviewPage />
    </QueryClientProvider>,
  );
  return api;
}

describe('preview as an audience', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists what a customer sees, then what a customer of one account sees', async () => {
    const api = renderPage();
    expect(await screen.findByText('Robot manual')).toBeInTheDocument();
    expect(screen.getByTestId('preview-count')).toHaveTextContent('This audience sees 1 document');
    expect(screen.queryByText('ACME layout')).toBeNull();

    // The account is picked from the directory's customers (or typed when the directory does not hold it).
    await userEvent.type(screen.getByRole('combobox', { name: /^Account/ }), 'ACME');
    await userEvent.click(await screen.findByRole('option', { name: 'Use “ACME”' }));
    expect(await screen.findByText('ACME layout')).toBeInTheDocument();
    expect(screen.getByTestId('preview-count')).toHaveTextContent('This audience sees 2 documents');
    const last = api.calls('/api/Admin/preview/search').at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ asRole: 'customer', asAccount: 'ACME', page: '1' });
  });

  it('says so when the preview cannot be loaded', async () => {
    renderPage();
    await screen.findByText('Robot manual');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Partner');
    await waitFor(() => expect(screen.getByText('The preview could not be loaded. Try again.')).toBeInTheDocument());
  });
});
