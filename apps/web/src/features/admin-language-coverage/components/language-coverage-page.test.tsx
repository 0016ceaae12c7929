import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CoverageCell, LanguageCoverage } from '@portal/contracts/language-coverage';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { LanguageCoveragePage } from './language-coverage-page';

const current = (language: string): CoverageCell => ({ language, status: 'current', documentId: `doc-${language}` });
const missing = (language: string): CoverageCell => ({ language, status: 'missing' });
const behind = (language: string, revisionsBehind: number): CoverageCell => ({ language, status: 'behind', revisionsBehind, documentId: `doc-${language}` });

const markets = [
  { id: 'dach', name: 'DACH', languages: ['de', 'en'] },
  { id: 'france', name: 'France', languages: ['fr', 'en'] },
];
const manual = { code: 'manual', name: 'Manual' };
const sheet = { code: 'datasheet', name: 'Data sheet' };
const arm = { code: 'ARM6', name: 'Six-axis robot ARM-6' };
const gripper = { code: 'GRIP20', name: 'Servo gripper G20' };

const everything: LanguageCoverage = {
  languages: ['de', 'en', 'fr'],
  markets,
  rows: [
    { product: arm, documentType: manual, cells: [behind('de', 2), current('en'), current('fr')] },
    { product: gripper, documentType: sheet, cells: [missing('de'), current('en'), missing('fr')] },
    { product: gripper, documentType: manual, cells: [behind('de', 1), current('en'), missing('fr')] },
  ],
};

function fakeCoverageApi(answer: (url: URL) => LanguageCoverage = () => everything) {
  return fakeContentApi({
    '/api/Admin/language-coverage': (url) =>
      url.searchParams.get('format') === 'csv'
        ? new Response(new Blob(['product,de\r\n'], { type: 'text/csv' }), { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
        : json(200, answer(url)),
    '/api/Admin/products': () => json(200, { items: [{ ...arm, family: 'robots', lifetimeYears: 10 }, { ...gripper, family: 'grippers', lifetimeYears: 10 }] }),
  });
}

const renderAt = (url: string) => renderRoutes([{ path: '/admin/language-coverage', element: <LanguageCoveragePage /> }], url);
const tableOf = async (type: string) => screen.findByRole('table', { name: type });
const rowOf = (table: HTMLElement, product: string) => within(table).getByRole('rowheader', { name: new RegExp(product) }).closest('tr')!;

describe('language coverage report', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterAll(() => initTestI18n('en-US'));

  it('shows one table per document type, products as rows and languages as columns, with the standing in words', async () => {
    fakeCoverageApi();
    renderAt('/admin/language-coverage');
    const manuals = await tableOf('Manual');
    expect(within(manuals).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'German', 'English', 'French']);
    expect(within(rowOf(manuals, 'ARM6')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Behind by 2', 'Current', 'Current']);
    expect(within(rowOf(manuals, 'GRIP20')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Behind by 1', 'Current', 'Missing']);
    const sheets = await tableOf('Data sheet');
    expect(within(sheets).getAllByRole('rowheader')).toHaveLength(1);
    expect(within(rowOf(sheets, 'GRIP20')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Missing', 'Current', 'Missing']);
    // Types in name order: data sheets before manuals.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Data sheet', 'Manual']);
    expect(screen.getByTestId('language-coverage-totals')).toHaveTextContent('4 current · 2 behind · 3 missing');
  });

  it('filters by market and product through the API and keeps the filters in the address', async () => {
    const api = fakeCoverageApi((url) =>
      url.searchParams.get('market') === 'dach' ? { ...everything, languages: ['de', 'en'], rows: everything.rows.map((row) => ({ ...row, cells: row.cells.slice(0, 2) })) } : everything,
    );
    const router = renderAt('/admin/language-coverage');
    await tableOf('Manual');
    await userEvent.click(screen.getByRole('combobox', { name: 'Market' }));
    await userEvent.click(await screen.findByRole('option', { name: 'DACH (German, English)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?market=dach'));
    await waitFor(() => expect(api.calls('/api/Admin/language-coverage').at(-1)!.searchParams.get('market')).toBe('dach'));
    await waitFor(async () => expect(within(await tableOf('Manual')).getAllByRole('columnheader')).toHaveLength(3));

    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Servo gripper G20 (GRIP20)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?market=dach&product=GRIP20'));
    await waitFor(() => expect(Object.fromEntries(api.calls('/api/Admin/language-coverage').at(-1)!.searchParams)).toEqual({ market: 'dach', product: 'GRIP20' }));
  });

  it('says so when nothing is published', async () => {
    fakeCoverageApi(() => ({ languages: ['en'], markets, rows: [] }));
    renderAt('/admin/language-coverage?product=ARM6');
    expect(await screen.findByTestId('language-coverage-empty')).toHaveTextContent('This product has no published document.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a refusal of the API', async () => {
    fakeContentApi({ '/api/Admin/language-coverage': () => json(400, { error: 'invalidParameters', message: 'There is no market "mars".' }) });
    renderAt('/admin/language-coverage?market=mars');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no market "mars".');
  });

  it('downloads the CSV with the filters and the user token', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const api = fakeCoverageApi();
    renderAt('/admin/language-coverage?market=france');
    await tableOf('Manual');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = api.calls('/api/Admin/language-coverage').find((url) => url.searchParams.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.searchParams)).toEqual({ market: 'france', format: 'csv' });
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).includes('format=csv'))!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
  });

  it('speaks German', async () => {
    await initTestI18n('de-DE');
    fakeCoverageApi();
    renderAt('/admin/language-coverage');
    const manuals = await tableOf('Handbuch');
    expect(within(rowOf(manuals, 'ARM6')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2 Revisionen zurück', 'Aktuell', 'Aktuell']);
    expect(screen.getByRole('button', { name: 'CSV herunterladen' })).toBeInTheDocument();
  });
});
