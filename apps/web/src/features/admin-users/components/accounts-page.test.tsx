import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '@portal/contracts/admin-users';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { AccountsPage } from './accounts-page';

const acme: AdminAccount = {
  id: 'ACME-001',
  name: 'ACME Manufacturing',
  kind: 'customer',
  partners: [{ id: 'PARTNER-01', name: 'Rhône Robotics Service' }],
  customers: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const rhone: AdminAccount = { ...acme, id: 'PARTNER-01', name: 'Rhône Robotics Service', kind: 'partner', partners: [], customers: [{ id: 'ACME-001', name: 'ACME Manufacturing' }] };
const partners = [
  { id: 'PARTNER-01', name: 'Rhône Robotics Service', kind: 'partner' },
  { id: 'PARTNER-02', name: 'Alpine Service', kind: 'partner' },
];

function fakeAccountsApi() {
  return fakeContentApi({
    '/api/Admin/accounts': (url, init) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { id: string };
        if (body.id.toLowerCase() === 'acme-001') return json(409, { error: 'conflict', message: 'The account ACME-001 exists already.' });
        return json(201, { ...acme, ...body, partners: [] });
      }
      const kind = url.searchParams.get('kind');
      const items = [acme, rhone].filter((account) => !kind || account.kind === kind);
      return json(200, { items, total: items.length });
    },
    '/api/Admin/accounts/ACME-001': (_url, init) => json(200, { ...acme, ...(JSON.parse(String(init.body)) as object) }),
    '/api/Admin/directory/accounts': (url) => {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, { items: partners.filter((account) => `${account.id} ${account.name}`.toLowerCase().includes(q)) });
    },
  });
}

const renderAt = () => renderRoutes([{ path: '/admin/accounts', element: <AccountsPage /> }], '/admin/accounts');
const patchOf = (api: ReturnType<typeof fakeContentApi>) => JSON.parse(String(api.fetch.mock.calls.find(([, init]) => init.method === 'PATCH')![1].body));

describe('accounts page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.restoreAllMocks());

  it('lists customers with their serving partners and partners with their customers', async () => {
    fakeAccountsApi();
    renderAt();
    const row = (await screen.findByText('ACME Manufacturing')).closest('tr')!;
    expect(within(row).getByText('Customer')).toBeInTheDocument();
    expect(within(row).getByText('Served by: Rhône Robotics Service')).toBeInTheDocument();
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
    const partner = screen.getByText('PARTNER-01').closest('tr')!;
    expect(within(partner).getByText('Serves: ACME Manufacturing')).toBeInTheDocument();
  });

  it('filters by kind on the server', async () => {
    const api = fakeAccountsApi();
    renderAt();
    await screen.findByText('ACME Manufacturing');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partner' }));
    await waitFor(() => expect(api.calls('/api/Admin/accounts').at(-1)!.searchParams.get('kind')).toBe('partner'));
  });

  it('creates an account with one save, refusing a bad id before asking and showing a taken one', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const api = fakeAccountsApi();
    renderAt();
    await screen.findByText('ACME Manufacturing');
    await userEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Account id' }), 'has space');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Company name' }), 'Beta Works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText(/Only letters, digits/)).toBeInTheDocument();

    const id = within(dialog).getByRole('textbox', { name: 'Account id' });
    await userEvent.clear(id);
    await userEvent.type(id, 'acme-001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account ACME-001 exists already.');

    await userEvent.clear(id);
    await userEvent.type(id, 'BETA-2');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Serving partners' }), 'alpine');
    await userEvent.click(await screen.findByRole('option', { name: 'Alpine Service (PARTNER-02)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Account Beta Works created.' })));
    const posted = api.fetch.mock.calls.filter(([, init]) => init.method === 'POST').at(-1)!;
    expect(JSON.parse(String(posted[1].body))).toEqual({ id: 'BETA-2', name: 'Beta Works', kind: 'customer', partners: ['PARTNER-02'] });
  });

  it('renames an account and changes its partners, sending only what changed', async () => {
    const api = fakeAccountsApi();
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ACME Manufacturing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account ACME-001' });
    expect(await within(dialog).findByText('Rhône Robotics Service (PARTNER-01)')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Company name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'ACME Manufacturing SA');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Serving partners' }), 'alp');
    await userEvent.click(await screen.findByRole('option', { name: 'Alpine Service (PARTNER-02)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patchOf(api)).toEqual({ name: 'ACME Manufacturing SA', partners: ['PARTNER-01', 'PARTNER-02'] });
  });
});
