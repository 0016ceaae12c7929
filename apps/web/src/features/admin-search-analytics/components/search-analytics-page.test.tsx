import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchAnalyticsNoResults, SearchAnalyticsQueryDetail, SearchAnalyticsSummary, SearchAnalyticsTop } from '@portal/contracts/search-analytics';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { SearchAnalyticsPage } from './search-analytics-page';

const summary: SearchAnalyticsSummary = {
  from: '2026-03-01',
  to: '2026-03-31',
  searches: 1250,
  users: 3,
  noResults: 1,
  noResultReasons: { nothingExists: 1, hiddenByAccess: 0, otherLanguage: 0 },
  noResultRate: 0.2,
  noResultRates: { nothingExists: 0.2, hiddenByAccess: 0, otherLanguage: 0 },
  clickThroughRate: 0.25,
  averageClickPosition: 2,
  bounceRate: 0.25,
  conversionRate: 0.4,
  downloadConversionRate: 0.2,
  refinementRate: 0.2,
  series: [],
};

const top: SearchAnalyticsTop = {
  from: '2026-03-01',
  to: '2026-03-31',
  top: [{ query: 'pump', searches: 2, users: 2, noResults: 0, clickThroughRate: 0, averageClickPosition: null }],
  rising: [{ query: '<b>valve</b>', searches: 3, previousSearches: 1, growth: 2 }],
};

const noResults: SearchAnalyticsNoResults = {
  from: '2026-03-01',
  to: '2026-03-31',
  items: [
    { query: 'backenwechsel', searches: 4, users: 2, reasons: { nothingExists: 0, hiddenByAccess: 1, otherLanguage: 3 }, lastFacets: { type: [], product: [], language: ['fr'] }, lastSearchedAt: '2026-03-03T09:00:00.000Z' },
  ],
};

const detail: SearchAnalyticsQueryDetail = {
  from: '2026-03-01',
  to: '2026-03-31',
  query: 'pump',
  searches: 2,
  users: 2,
  noResults: 0,
  noResultReasons: { nothingExists: 0, hiddenByAccess: 0, otherLanguage: 0 },
  clickThroughRate: 0.5,
  averageClickPosition: 2,
  bounceRate: 0.5,
  variants: [{ text: 'Pump', searches: 1 }, { text: 'pump', searches: 1 }],
  documents: [{ documentId: 'd4', title: 'Pump manual', opens: 1, downloads: 0, averagePosition: 2 }],
};

function renderPage(status = 200) {
  const refused = () => json(status, { error: 'forbidden', message: 'This needs one of the roles: publisher, admin.' });
  const api = fakeContentApi({
    '/api/Admin/analytics/search/summary': () => (status === 200 ? json(200, summary) : refused()),
    '/api/Admin/analytics/search/top': () => (status === 200 ? json(200, top) : refused()),
    '/api/Admin/analytics/search/no-results': () => (status === 200 ? json(200, noResults) : refused()),
    '/api/Admin/analytics/search/queries/pump': () => json(200, detail),
    '/api/Admin/analytics/export': () => new Response('query,searches\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <SearchAnalyticsPage />
    </QueryClientProvider>,
  );
  return api;
}

describe('search analytics page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, the no-result rate split by reason, and the three tables for the last 30 days', async () => {
    const api = renderPage();
    const searches = await screen.findByRole('region', { name: 'Searches' });
    expect(searches).toHaveTextContent('1,250');
    const noResultRate = screen.getByRole('region', { name: 'No-result rate' });
    expect(noResultRate).toHaveTextContent('20%');
    expect(noResultRate).toHaveTextContent('Nothing exists: 20%');
    expect(noResultRate).toHaveTextContent('Hidden by access: 0%');
    expect(screen.getByRole('region', { name: 'Click-through rate' })).toHaveTextContent('25%');
    expect(screen.getByRole('region', { name: 'Average click position' })).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Bounce rate' })).toHaveTextContent('25%');
    expect(screen.getByRole('region', { name: 'Conversion (open or download)' })).toHaveTextContent('40%');

    const asked = api.calls('/api/Admin/analytics/search/summary')[0]!;
    expect((Date.parse(asked.searchParams.get('to')!) - Date.parse(asked.searchParams.get('from')!)) / 86_400_000).toBe(29);
    expect(asked.searchParams.has('role')).toBe(false);

    const topTable = screen.getByRole('table', { name: /^Most searched queries/ });
    expect(within(topTable).getByRole('button', { name: 'Show details of the query pump' })).toBeInTheDocument();
    // Queries are text, never markup.
    const rising = screen.getByRole('table', { name: /^Queries searched more often/ });
    expect(within(rising).getByRole('button', { name: 'Show details of the query <b>valve</b>' })).toHaveTextContent('<b>valve</b>');
    const missing = screen.getByRole('table', { name: /^Queries searched most often without a result/ });
    const row = within(missing).getByRole('row', { name: /backenwechsel/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 6)).toEqual(['4', '2', '0', '1', '3', 'fr']);
  });

  it('applies period, language, role, account and product to every table, and exports a table with them', async () => {
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:search'), revokeObjectURL: vi.fn() });
    const api = renderPage();
    await screen.findByRole('region', { name: 'Searches' });
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-03-31' } });
    await userEvent.type(screen.getByLabelText('Reader language'), 'fr');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partner' }));
    await userEvent.type(screen.getByLabelText('Account'), 'ACME');
    await userEvent.type(screen.getByLabelText('Product code'), 'P1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const expected = { from: '2026-03-01', to: '2026-03-31', locale: 'fr', role: 'partner', account: 'ACME', product: 'P1' };
    for (const path of ['summary', 'top', 'no-results']) {
      await waitFor(() => expect(Object.fromEntries(api.calls(`/api/Admin/analytics/search/${path}`).at(-1)!.searchParams)).toEqual(expected));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV: Top no-result queries' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(Object.fromEntries(api.calls('/api/Admin/analytics/export')[0]!.searchParams)).toEqual({ ...expected, table: 'no-results' });
  });

  it('refuses a bad period or language without asking the server', async () => {
    const api = renderPage();
    await screen.findByRole('region', { name: 'Searches' });
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-03-01' } });
    await userEvent.type(screen.getByLabelText('Reader language'), 'f r');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Give both days; To must not be before From.')).toBeInTheDocument();
    expect(screen.getByText('Give a language code such as fr or de-DE.')).toBeInTheDocument();
    expect(api.calls('/api/Admin/analytics/search/summary')).toHaveLength(1);
  });

  it('opens a query’s detail: its variants and what readers opened', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show details of the query pump' }));
    const dialog = await screen.findByRole('dialog', { name: 'Query: pump' });
    expect(await within(dialog).findByRole('rowheader', { name: 'Pump manual' })).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'Pump' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('50%')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells users without the role that the analytics are not theirs to read', async () => {
    renderPage(403);
    expect(await screen.findByText('Only administrators and publishers can read the search analytics.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Searches' })).not.toBeInTheDocument();
  });
});
