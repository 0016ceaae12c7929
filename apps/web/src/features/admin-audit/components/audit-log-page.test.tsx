import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry } from '@portal/contracts/audit';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { AuditLogPage } from './audit-log-page';

const entry = (seq: number, patch: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  seq, at: '2026-11-24T10:00:00.000Z', actor: 'publisher@demo.example', actorSub: 'demo-publisher', roles: ['publisher', 'employee'], account: null,
  action: 'edit', object: { kind: 'document', id: `doc-${seq}` }, before: { title: 'Manual' }, after: { title: 'Manual, 2nd edition' },
  address: '127.0.0.1', userAgent: 'Firefox', hash: 'h', actorName: 'Petra Publisher', objectTitle: `Manual ${seq}`, objectRef: `D0000${seq}`, ...patch,
});

function renderPage(verify: unknown = { intact: true, entries: 120 }, status = 200, url = '/admin/audit') {
  const api = fakeContentApi({
    '/api/Admin/audit': (url) =>
      status !== 200
        ? json(status, { error: 'forbidden', message: 'This needs one of the roles: admin.' })
        : url.searchParams.get('cursor') === '101'
          ? json(200, { entries: [entry(100, { action: 'revoke', before: { user: 'carla@example.com', expiresAt: null }, after: null })], nextCursor: null })
          : url.searchParams.get('objectKind') === 'nested'
            ? json(200, {
                entries: [
                  entry(7, {
                    objectTitle: null, objectRef: null, action: 'audience',
                    before: { access: [], version: { resourceVersion: 'A' } },
                    after: { access: [{ kind: 'account', value: 'ACME-001' }], version: { resourceVersion: 'B', fileName: 'b.pdf' } },
                  }),
                ],
                nextCursor: null,
              })
            : json(200, { entries: [entry(102), entry(101)], nextCursor: 101 }),
    '/api/Admin/audit/export': () => new Response('seq,at\n1,2026', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    '/api/Admin/audit/verify': () => json(200, verify),
  });
  const router = renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }, { path: '*', element: <p>elsewhere</p> }], url);
  return Object.assign(api, { router });
}

describe('audit log page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.restoreAllMocks());

  it('says who (name and e-mail), did what in a sentence, to what (title linked to its page) and before → after with labels', async () => {
    const api = renderPage();
    const row = (await screen.findByRole('link', { name: 'Manual 102' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Manual 102' })).toHaveAttribute('href', '/admin/documents?q=D0000102');
    expect(within(row).getByText('Petra Publisher')).toBeInTheDocument();
    expect(within(row).getByText(/^publisher@/)).toHaveTextContent('publisher@demo.example');
    expect(within(row).getByText(/^publisher@/).querySelectorAll('wbr')).toHaveLength(2);
    expect(within(row).getByTestId('audit-sentence')).toHaveTextContent('Changed its details.');
    expect(within(row).getByText('Document')).toBeInTheDocument();
    expect(within(row).queryByText('doc-102')).toBeNull();
    expect(within(row).getByTestId('audit-change')).toHaveTextContent('Title: Manual → Manual, 2nd edition');

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    const revoked = (await screen.findByText('Revoked access.')).closest('tr')!;
    expect(within(revoked).getByTestId('audit-change')).toHaveTextContent('User: carla@example.com → (none)');
    expect(within(revoked).getByTestId('audit-change')).not.toHaveTextContent('Expires');
    expect(api.calls('/api/Admin/audit').at(-1)!.searchParams.get('cursor')).toBe('101');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('link', { name: 'Manual 102' })).toBeInTheDocument();
  });

  it('shows nested values in words, not JSON, and an object that is gone by its id', async () => {
    renderPage(undefined, 200, '/admin/audit?objectKind=nested');
    const row = (await screen.findByText('doc-7')).closest('tr')!;
    expect(within(row).getByText('(deleted since, or unknown)')).toBeInTheDocument();
    const change = within(row).getByTestId('audit-change');
    expect(change).toHaveTextContent('Access: (none) → Kind: account; Value: ACME-001');
    expect(change).toHaveTextContent('Version: Revision: A → Revision: B; File: b.pdf');
    expect(change.textContent).not.toMatch(/[{}"]/);
  });

  it('reads its filters from the address, keeps them there on apply and goes back to the previous filters', async () => {
    const api = renderPage(undefined, 200, '/admin/audit?action=grant&actor=admin%40demo.example');
    await screen.findByRole('link', { name: 'Manual 102' });
    expect(api.calls('/api/Admin/audit').at(-1)!.searchParams.get('action')).toBe('grant');
    expect(screen.getByLabelText('Actor (e-mail)')).toHaveValue('admin@demo.example');
    await userEvent.clear(screen.getByLabelText('Actor (e-mail)'));
    await userEvent.type(screen.getByLabelText('Actor (e-mail)'), 'carla@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.router.state.location.search).toBe('?actor=carla%40example.com&action=grant'));
    await waitFor(() => expect(api.calls('/api/Admin/audit').at(-1)!.searchParams.get('actor')).toBe('carla@example.com'));
    await api.router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Actor (e-mail)')).toHaveValue('admin@demo.example'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Object kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Software' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.router.state.location.search).toBe('?actor=admin%40demo.example&action=grant&objectKind=software'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(api.router.state.location.search).toBe(''));
  });

  it('applies the filters on the server and exports the CSV with the same filters and the token', async () => {
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const api = renderPage();
    await screen.findByRole('link', { name: 'Manual 102' });
    await userEvent.type(screen.getByLabelText('Actor (e-mail)'), 'admin@demo.example');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.calls('/api/Admin/audit').at(-1)!.searchParams.get('actor')).toBe('admin@demo.example'));
    const listed = api.calls('/api/Admin/audit').at(-1)!;
    expect(listed.searchParams.get('from')).toBe(new Date('2026-11-01T00:00').toISOString());
    expect(listed.searchParams.has('cursor')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [exported] = api.calls('/api/Admin/audit/export');
    expect(exported!.searchParams.get('actor')).toBe('admin@demo.example');
    const init = api.fetch.mock.calls.find(([input]) => String(input).includes('/export'))![1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token');
    expect((save.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^audit-log-.+\.csv$/);
  });

  it('refuses a time range that ends before it starts, without asking the server', async () => {
    const api = renderPage();
    await screen.findByRole('link', { name: 'Manual 102' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02T00:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01T00:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Must be later than From.')).toBeInTheDocument();
    expect(api.calls('/api/Admin/audit').every((url) => !url.searchParams.has('from'))).toBe(true);
  });

  it('verifies the chain: intact with the count, or the first broken entry', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByTestId('audit-verify')).toHaveTextContent('The chain is intact120 entries checked.');
  });

  it('names the first broken entry', async () => {
    renderPage({ intact: false, broken: { seq: 42, reason: 'it was changed after it was written (hash differs)' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByTestId('audit-verify')).toHaveTextContent('The chain is broken at entry 42it was changed after it was written (hash differs)');
  });

  it('tells publishers the log is for administrators', async () => {
    renderPage(undefined, 403);
    expect(await screen.findByText('Only administrators can read the audit log.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
