import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Follow } from '@portal/contracts/alerts';
import type { SearchResponse } from '@portal/contracts/documents';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { HomeProducts, productRows } from './home-products';
import { RecentDocuments } from './recent-documents';

const answer: SearchResponse = {
  items: [],
  total: 12,
  page: 1,
  pageSize: 8,
  facets: {
    type: [],
    product: [
      { value: 'G20', label: 'Gripper G20', count: 3 },
      { value: 'R100', label: 'Robot R100', count: 9 },
    ],
    language: [],
  },
};

const followedController: Follow = { kind: 'product', itemId: 'C5', title: 'Controller C5', automatic: false, mail: true, createdAt: '2026-01-01T00:00:00.000Z' };

function renderProducts(withRecentDocuments = false) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HomeProducts />
        {withRecentDocuments && <RecentDocuments onOpen={() => undefined} />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('HomeProducts', () => {
  beforeAll(() => initTestI18n());

  it('lists the products of the user’s documents, most documents first, then the followed ones, from one search and one follows list', async () => {
    const { calls } = fakeContentApi({
      '/api/Content/search': () => json(200, answer),
      '/api/Follows': () => json(200, { items: [followedController, { ...followedController, kind: 'document', itemId: 'doc-1' }] }),
    });
    renderProducts(true);

    await waitFor(() => expect(screen.getAllByTestId('home-product')).toHaveLength(3));
    const rows = screen.getAllByTestId('home-product');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Robot R100', 'Gripper G20', 'Controller C5']);
    expect(rows[0]).toHaveTextContent('9 documents');
    expect(rows[2]).toHaveTextContent('Followed; no documents yet');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/resources?product=R100');
    expect(await within(rows[2]!).findByRole('button', { name: 'Following Controller C5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(rows[0]!).getByRole('button', { name: 'Follow Robot R100' })).toHaveAttribute('aria-pressed', 'false');
    // The recent documents and the products share one search; every control shares one follows list.
    expect(calls('/api/Content/search')).toHaveLength(1);
    expect(calls('/api/Follows')).toHaveLength(1);
  });

  it('follows a product from its row without moving the rows', async () => {
    const { fetch } = fakeContentApi({
      '/api/Content/search': () => json(200, answer),
      '/api/Follows': () => json(200, { items: [] }),
      '/api/Follows/product/G20': () => json(200, { ...followedController, itemId: 'G20', title: 'Gripper G20' }),
    });
    renderProducts();

    await userEvent.click(await screen.findByRole('button', { name: 'Follow Gripper G20' }));
    expect(await screen.findByRole('button', { name: 'Following Gripper G20' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/product/G20', expect.objectContaining({ method: 'PUT' }));
    expect(screen.getAllByTestId('home-product').map((row) => within(row).getByRole('link').textContent)).toEqual(['Robot R100', 'Gripper G20']);
  });

  it('says when the products could not be loaded', async () => {
    fakeContentApi({ '/api/Content/search': () => json(500, { error: 'internal', message: 'down' }), '/api/Follows': () => json(200, { items: [] }) });
    renderProducts();
    expect(await within(await screen.findByTestId('home-products')).findByText('This list could not be loaded.')).toBeInTheDocument();
  });

  it('says when no document names a product', async () => {
    fakeContentApi({ '/api/Content/search': () => json(200, { ...answer, facets: { ...answer.facets, product: [] } }), '/api/Follows': () => json(200, { items: [] }) });
    renderProducts();
    expect(await screen.findByText('No documents name a product yet.')).toBeInTheDocument();
  });
});

describe('productRows', () => {
  it('lists at most six facet products, then every followed product the facet lacks, by name', () => {
    const facet = Array.from({ length: 8 }, (_, index) => ({ value: `P${index}`, label: `Product ${index}`, count: index + 1 }));
    const follows: Follow[] = ['P0', 'Z1', 'A1'].map((itemId) => ({ ...followedController, itemId, title: `Followed ${itemId}` }));
    expect(productRows(facet, follows).map((row) => [row.code, row.count])).toEqual([
      ['P7', 8], ['P6', 7], ['P5', 6], ['P4', 5], ['P3', 4], ['P2', 3], ['A1', null], ['P0', 1], ['Z1', null],
    ]);
  });
});
