import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AdminNotice, UnitSummary } from '@portal/contracts/units';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { EditUnitModal, unitChanges } from './edit-unit-modal';
import { UnitsConsolePage } from './units-console-page';

const unit = (serialNumber: string, account = 'ACME-001'): UnitSummary => ({
  serialNumber, model: { code: 'R100', name: 'Robot R100' }, options: [{ code: 'floor', label: 'Floor' }], account, siteName: null,
  shippedAt: '2025-07-01T00:00:00.000Z', servicePartners: [], identificationLink: `http://portal.test/id/${serialNumber}`, openNotices: 0,
});
const notice: AdminNotice = {
  id: 'n1', kind: 'safety', title: 'Check the brake', body: '', publishedAt: '2026-01-01T00:00:00.000Z', product: 'R100',
  serialFrom: 'R100-0100', serialTo: 'R100-0199', options: [], closedAt: null, language: 'en', sourceLanguage: 'en', translations: [],
};

function render(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

function fakeUnitsApi() {
  return fakeContentApi({
    '/api/Admin/units': (url) => {
      const all = [unit('R100-0001'), unit('R100-0300', 'GLOBEX')];
      const q = url.searchParams.get('q')?.toLowerCase();
      const items = q ? all.filter((item) => item.account.toLowerCase().includes(q)) : all;
      return json(200, { items, total: items.length });
    },
    '/api/Admin/units/R100-0001': (_url, init) =>
      init.method === 'PATCH' && JSON.parse(String(init.body)).options?.includes('turbo')
        ? json(400, { error: 'invalidParameters', message: 'The unit names unknown products or options.', details: [{ path: 'options.1', message: '"turbo" is not an option code of R100' }] })
        : json(200, { ...unit('R100-0001'), siteName: 'Hall 3' }),
    '/api/Admin/units/import': () => json(200, { imported: 1, problems: [{ line: 3, serialNumber: 'X-1', message: 'model "NOPE" is not a known product' }] }),
    '/api/Admin/units/notices': (_url, init) => (init.method === 'POST' ? json(201, { ...notice, id: 'n2', title: JSON.parse(String(init.body)).title }) : json(200, [notice])),
    '/api/Admin/units/notices/n1/close': () => json(200, { ...notice, closedAt: '2026-02-01T00:00:00.000Z' }),
    '/api/Units/R100-0300/aasx': () => new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { status: 200, headers: { 'Content-Type': 'application/aas+zip' } }),
  });
}

function renderPage() {
  const api = fakeUnitsApi();
  render(<UnitsConsolePage />);
  return api;
}

describe('units console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists units and searches them on the server from page 1', async () => {
    const api = renderPage();
    expect(await screen.findByText('R100-0300')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search units' }), 'globex');
    await waitFor(() => expect(api.calls('/api/Admin/units').some((url) => url.searchParams.get('q') === 'globex' && url.searchParams.get('page') === '1')).toBe(true));
  });

  it('exports a unit from its row as AASX, named for screen readers', async () => {
    const api = renderPage();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    await userEvent.click(await screen.findByRole('button', { name: 'Export the documentation of unit R100-0300' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Asset Administration Shell \(AASX\)/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('/api/Units/R100-0300/aasx').map((url) => url.searchParams.get('language'))).toEqual(['en']);
  });

  it('edits a unit from its row, sending only what changed', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit unit R100-0001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Site' }), { target: { value: 'Hall 3' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/api/Admin/units/R100-0001')).toHaveLength(1));
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/api/Admin/units/R100-0001'))!;
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ siteName: 'Hall 3' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows every field the server refuses under the edit form', async () => {
    fakeUnitsApi();
    render(<EditUnitModal unit={unit('R100-0001')} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getAllByLabelText(/^Option codes/).find((element) => element.tagName === 'INPUT')!, 'turbo{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('options.1: "turbo" is not an option code of R100')).toBeInTheDocument();
  });

  it('imports a CSV as text/csv and shows every problem by line', async () => {
    const api = renderPage();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['serialNumber,model,account,shippedAt\n'], 'units.csv', { type: 'application/vnd.ms-excel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 unit imported')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'model "NOPE" is not a known product' })).toBeInTheDocument();
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/api/Admin/units/import'))!;
    expect((init.body as Blob).type).toBe('text/csv');
  });

  it('publishes a notice on a serial range and closes an open one', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Close notice Check the brake' }));
    await waitFor(() => expect(api.calls('/api/Admin/units/notices/n1/close')).toHaveLength(1));
    await userEvent.type(screen.getByRole('textbox', { name: /^Product/ }), 'R100');
    await userEvent.type(screen.getByRole('textbox', { name: 'From serial' }), 'R100-0100');
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'New grease');
    await userEvent.click(screen.getByRole('button', { name: 'Publish notice' }));
    await waitFor(() => expect(api.fetch.mock.calls.some(([input, init]) => String(input).endsWith('/api/Admin/units/notices') && init.method === 'POST')).toBe(true));
    const [, init] = api.fetch.mock.calls.find(([input, call]) => String(input).endsWith('/api/Admin/units/notices') && call.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ kind: 'safety', language: 'en', title: 'New grease', body: '', product: 'R100', serialFrom: 'R100-0100', serialTo: null, options: [], translations: [] });
  });
});

describe('unit edits', () => {
  it('sends only the changed unit fields, an emptied site as null', () => {
    const before = { ...unit('R100-0001'), siteName: 'Plant 1' };
    expect(unitChanges(before, { model: 'R100', options: ['floor'], account: 'ACME-001', shippedAt: '2025-07-01', siteName: ' ', servicePartners: ['P-1'] })).toEqual({ siteName: null, servicePartners: ['P-1'] });
  });
});
