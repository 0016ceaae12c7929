import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { paperRequestStatusBodySchema, type PaperRequest } from '@portal/contracts/paper-requests';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { paperRequestNoteMax } from './paper-request-step-modal';
import { PaperRequestsPage } from './paper-requests-page';
import { PaperRequestsSummary } from './paper-requests-summary';

const request = (id: string, serialNumber: string, patch: Partial<PaperRequest> = {}): PaperRequest => ({
  id, serialNumber, account: 'ACME-001', requester: 'Jane Owner', language: 'de', postalAddress: 'ACME GmbH\nHauptstr. 1\n80331 München',
  contact: 'jane@acme.test', state: 'requested', requestedAt: '2026-10-01T09:00:00.000Z', dueAt: '2026-11-01T09:00:00.000Z', overdue: false,
  printed: null, shipped: null, ...patch,
});
const late = request('pr-1', 'R100-0001', { overdue: true });
const printed = request('pr-2', 'R100-0002', { state: 'printed', dueAt: '2026-12-20T09:00:00.000Z', printed: { at: '2026-11-20T10:00:00.000Z', note: '42 pages' } });

function fakePaperApi(status: (body: unknown) => Response = (body) => json(200, { ...printed, state: 'shipped', shipped: { at: '2026-11-28T10:00:00.000Z', note: (body as { note: string }).note } })) {
  return fakeContentApi({
    '/api/Admin/paper-requests': (url) => {
      const state = url.searchParams.get('state');
      const items = [late, printed].filter((item) => (!state || item.state === state) && (url.searchParams.get('overdue') !== 'true' || item.overdue));
      return json(200, { items: items.slice(0, Number(url.searchParams.get('pageSize'))), total: items.length, overdueCount: 1 });
    },
    '/api/Admin/paper-requests/pr-2/status': (_url, init) => status(JSON.parse(String(init.body))),
    '/api/Admin/paper-requests/pr-2/print.pdf': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  });
}

function renderAt(url: string, element = <PaperRequestsPage />) {
  return renderRoutes([{ path: '/admin/paper-requests', element }, { path: '/admin/documents', element }], url);
}

const rowOf = async (serial: string) => (await screen.findByRole('link', { name: serial })).closest('tr')!;
const lastBody = (api: ReturnType<typeof fakePaperApi>, path: string) => JSON.parse(String(api.fetch.mock.calls.findLast(([input]) => new URL(input).pathname === path)![1].body));

describe('paper requests queue', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initTestI18n();
    // The table scrolls back to the top on a page change: jsdom has no scrolling.
    Element.prototype.scrollTo ??= () => undefined;
  });

  it('lists each request with its unit link, requester, language, dates, state and steps; overdue ones say so in words', async () => {
    fakePaperApi();
    renderAt('/admin/paper-requests');
    const lateRow = await rowOf('R100-0001');
    expect(within(lateRow).getByRole('link', { name: 'R100-0001' })).toHaveAttribute('href', '/units/R100-0001');
    expect(within(lateRow).getByText('Jane Owner')).toBeInTheDocument();
    expect(within(lateRow).getByText('German')).toBeInTheDocument();
    expect(within(lateRow).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(lateRow).getByTestId('overdue-marker')).toHaveTextContent('Overdue');
    expect(within(lateRow).getByRole('button', { name: 'Mark request for R100-0001 printed' })).toBeInTheDocument();

    const printedRow = await rowOf('R100-0002');
    expect(within(printedRow).queryByTestId('overdue-marker')).toBeNull();
    expect(within(printedRow).getByText('Printed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(printedRow).getByText(/42 pages/)).toBeInTheDocument();
    expect(within(printedRow).queryByRole('button', { name: /printed$/ })).toBeNull();
    expect(screen.getByTestId('paper-requests-overdue-count')).toHaveTextContent('1 request overdue');
  });

  it('filters by state and overdue on the server, from page 1, and reads the filter from the address', async () => {
    const api = fakePaperApi();
    const router = renderAt('/admin/paper-requests?page=2');
    await rowOf('R100-0001');
    await userEvent.click(screen.getByRole('radio', { name: 'Printed' }));
    await waitFor(() => expect(api.calls('/api/Admin/paper-requests').at(-1)!.searchParams.get('state')).toBe('printed'));
    expect(api.calls('/api/Admin/paper-requests').at(-1)!.searchParams.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=printed&overdue=true'));
    await waitFor(() => expect(api.calls('/api/Admin/paper-requests').at(-1)!.searchParams.get('overdue')).toBe('true'));
    expect(await screen.findByText('No paper request matches.')).toBeInTheDocument();
  });

  it('marks a printed request shipped with its note, showing where it goes', async () => {
    const api = fakePaperApi();
    renderAt('/admin/paper-requests');
    await userEvent.click(within(await rowOf('R100-0002')).getByRole('button', { name: 'Mark request for R100-0002 shipped' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('paper-request-address').textContent).toBe('ACME GmbH\nHauptstr. 1\n80331 München');
    // The note field takes focus when the dialog opens; typing before that would send the spaces to the close button.
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(note).toHaveFocus());
    await userEvent.type(note, '  DHL 00340434 ', { skipClick: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(api.calls('/api/Admin/paper-requests/pr-2/status')).toHaveLength(1));
    expect(api.fetch.mock.calls.find(([input]) => String(input).endsWith('/pr-2/status'))![1].method).toBe('POST');
    expect(lastBody(api, '/api/Admin/paper-requests/pr-2/status')).toEqual({ state: 'shipped', note: 'DHL 00340434' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server refusal in the dialog and keeps it open', async () => {
    fakePaperApi(() => json(409, { error: 'conflict', message: 'The request is already shipped.' }));
    renderAt('/admin/paper-requests');
    await userEvent.click(within(await rowOf('R100-0002')).getByRole('button', { name: 'Mark request for R100-0002 shipped' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The request is already shipped.');
  });

  it('refuses markup in the note before sending, and limits it to the contract length', async () => {
    const api = fakePaperApi();
    renderAt('/admin/paper-requests');
    await userEvent.click(within(await rowOf('R100-0002')).getByRole('button', { name: 'Mark request for R100-0002 shipped' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAttribute('maxlength', String(paperRequestNoteMax));
    fireEvent.change(note, { target: { value: '<b>late</b>' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByText('The note must be plain text (no markup or control characters).')).toBeInTheDocument();
    expect(api.calls('/api/Admin/paper-requests/pr-2/status')).toHaveLength(0);
    expect(paperRequestStatusBodySchema.safeParse({ state: 'shipped', note: 'x'.repeat(paperRequestNoteMax) }).success).toBe(true);
    expect(paperRequestStatusBodySchema.safeParse({ state: 'shipped', note: 'x'.repeat(paperRequestNoteMax + 1) }).success).toBe(false);
  });

  it('downloads the print PDF with the user token', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const api = fakePaperApi();
    renderAt('/admin/paper-requests');
    await userEvent.click(within(await rowOf('R100-0002')).getByRole('button', { name: 'Download print PDF for R100-0002' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.calls('/api/Admin/paper-requests/pr-2/print.pdf')).toHaveLength(1);
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/print.pdf'))!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
  });
});

describe('paper requests on the console home', () => {
  beforeAll(() => initTestI18n());

  it('counts overdue and open requests and links to the overdue ones', async () => {
    const api = fakeContentApi({
      '/api/Admin/paper-requests': (url) => json(200, { items: [], total: url.searchParams.get('state') === 'requested' ? 4 : 2, overdueCount: 3 }),
    });
    renderAt('/admin/documents', <PaperRequestsSummary />);
    const link = await screen.findByRole('link', { name: '3 paper requests overdue' });
    expect(link).toHaveAttribute('href', '/admin/paper-requests?overdue=true');
    expect(screen.getByText('6 open')).toBeInTheDocument();
    expect(api.calls('/api/Admin/paper-requests').map((url) => url.searchParams.get('pageSize'))).toEqual(['1', '1']);
  });
});
