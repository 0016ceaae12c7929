import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StatisticsPoint, StatisticsResponse } from '@portal/contracts/statistics';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { StatisticsPage } from './statistics-page';

// jsdom draws no canvas: the chart stands in as the list of what it would plot.
vi.mock('./statistics-chart', () => ({
  StatisticsChart: ({ series }: { series: StatisticsPoint[] }) => <div data-testid="chart">{series.map((point) => `${point.period}:${point.views}/${point.downloads}`).join(' ')}</div>,
}));

const answer = (url: URL): StatisticsResponse => ({
  from: url.searchParams.get('from') ?? '2026-03-01',
  to: url.searchParams.get('to') ?? '2026-03-03',
  groupBy: 'day',
  series: [
    { period: '2026-03-01', views: 0, downloads: 0 },
    { period: '2026-03-02', views: 1234, downloads: 2 },
    { period: '2026-03-03', views: 5, downloads: 1 },
  ],
  totals: { views: 1239, downloads: 3 },
  topDocuments: url.searchParams.get('product') === 'G20' || url.searchParams.get('account') === 'PARTNER-01' ? [] : [{ id: 'manual1', title: 'Robot manual', views: 1239, downloads: 3 }],
});

const directory = [
  { id: 'ACME-001', name: 'ACME Manufacturing', kind: 'customer' },
  { id: 'PARTNER-01', name: 'Rhône Robotics Service', kind: 'partner' },
];

const single = (url: URL): StatisticsResponse => ({
  ...answer(url),
  series: [{ period: '2026-03-01', views: 1, downloads: 1 }],
  totals: { views: 1, downloads: 1 },
});

const none = (url: URL): StatisticsResponse => ({ ...answer(url), series: [{ period: '2026-03-01', views: 0, downloads: 0 }], totals: { views: 0, downloads: 0 }, topDocuments: [] });

function renderPage(status = 200, respond = answer) {
  const api = fakeContentApi({
    '/api/Admin/statistics': (url) => (status === 200 ? json(200, respond(url)) : json(status, { error: 'forbidden', message: 'This needs one of the roles: publisher, admin.' })),
    '/api/Admin/products': () =>
      json(200, { items: [{ code: 'ARM-6', name: 'Robot six axes', family: 'robots', lifetimeYears: 15 }, { code: 'G20', name: 'Gripper G20', family: 'grippers', lifetimeYears: 10 }] }),
    '/api/Admin/statistics/export': () => new Response('section,period\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    '/api/Admin/directory/accounts': (url) => {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, { items: directory.filter((account) => `${account.id} ${account.name}`.toLowerCase().includes(q)) });
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <StatisticsPage />
    </QueryClientProvider>,
  );
  return api;
}

describe('statistics page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.restoreAllMocks());

  it('asks for the last 30 days by day, and shows the chart, the same series as a table and the top documents', async () => {
    const api = renderPage();
    expect(await screen.findByTestId('chart')).toHaveTextContent('2026-03-02:1234/2');
    const asked = api.calls('/api/Admin/statistics')[0]!;
    const from = asked.searchParams.get('from')!;
    const to = asked.searchParams.get('to')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    expect(asked.searchParams.get('groupBy')).toBe('day');
    expect(asked.searchParams.has('product')).toBe(false);

    const series = screen.getByRole('table', { name: /^Views and downloads per day/ });
    const row = within(series).getByRole('row', { name: /Mar 2, 2026/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1,234', '2']);
    const top = screen.getByRole('table', { name: 'Most viewed and downloaded documents in this range' });
    expect(within(top).getByRole('rowheader', { name: 'Robot manual' })).toBeInTheDocument();
    expect(screen.getByText('1,239 views, 3 downloads in this range')).toBeInTheDocument();
  });

  it('applies range, grouping, product and account together, and exports the CSV of the same with the token', async () => {
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statistics'), revokeObjectURL: vi.fn() });
    const api = renderPage();
    await screen.findByTestId('chart');
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-03-31' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Week' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gripper G20 (G20)' }));
    await userEvent.clear(screen.getByRole('combobox', { name: 'Account' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Account' }), 'acme');
    await waitFor(() => expect(api.calls('/api/Admin/directory/accounts').some((url) => url.searchParams.get('q') === 'acme')).toBe(true));
    await userEvent.click(await screen.findByRole('option', { name: 'ACME Manufacturing (ACME-001)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('/api/Admin/statistics').at(-1)!.searchParams.get('product')).toBe('G20'));
    const asked = api.calls('/api/Admin/statistics').at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ from: '2026-01-01', to: '2026-03-31', groupBy: 'week', product: 'G20', account: 'ACME-001' });
    expect(await screen.findByText(/^Nothing was viewed or downloaded for this product or account in this range\. Choose "All products"/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [exported] = api.calls('/api/Admin/statistics/export');
    expect(Object.fromEntries(exported!.searchParams)).toEqual({ from: '2026-01-01', to: '2026-03-31', groupBy: 'week', product: 'G20', account: 'ACME-001' });
    const init = api.fetch.mock.calls.find(([input]) => String(input).includes('/export'))![1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
    expect((save.mock.contexts[0] as HTMLAnchorElement).download).toBe('statistics-2026-01-01-2026-03-31.csv');
  });

  it('offers only real products and the directory’s accounts by name, with no made-up example', async () => {
    renderPage();
    await screen.findByTestId('chart');
    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    const products = await screen.findAllByRole('option');
    expect(products.map((option) => option.textContent)).toEqual(['All products', 'Robot six axes (ARM-6)', 'Gripper G20 (G20)']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All accounts');
    await userEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All accounts', 'ACME Manufacturing (ACME-001)', 'Rhône Robotics Service (PARTNER-01)']),
    );
    expect(document.body.innerHTML).not.toContain('R100');
  });

  it('filters by a picked account, and by none again once "All accounts" is picked', async () => {
    const api = renderPage();
    await screen.findByTestId('chart');
    const account = screen.getByRole('combobox', { name: 'Account' });
    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('option', { name: 'Rhône Robotics Service (PARTNER-01)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('/api/Admin/statistics').at(-1)!.searchParams.get('account')).toBe('PARTNER-01'));
    expect(await screen.findByText(/^Nothing was viewed or downloaded for this product or account/)).toBeInTheDocument();

    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('option', { name: 'All accounts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('/api/Admin/statistics').at(-1)!.searchParams.has('account')).toBe(false));
    expect(await screen.findByRole('rowheader', { name: 'Robot manual' })).toBeInTheDocument();
  });

  it('writes counts with the plural form of the language: 1 view, 1 download', async () => {
    renderPage(200, single);
    expect(await screen.findByText('1 view, 1 download in this range')).toBeInTheDocument();
  });

  it('says what to do when nothing was counted in the range', async () => {
    renderPage(200, none);
    expect(await screen.findByText('Nothing counted in this range')).toBeInTheDocument();
    expect(screen.getAllByText(/Choose an earlier From day or a longer range/).length).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const api = renderPage();
    await screen.findByTestId('chart');
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Give both days; To must not be before From.')).toBeInTheDocument();
    expect(api.calls('/api/Admin/statistics')).toHaveLength(1);
  });

  it('tells users without the role that the statistics are not theirs to read', async () => {
    renderPage(403);
    expect(await screen.findByText('Only administrators and publishers can read the statistics.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });
});
