import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@portal/contracts/admin-users';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderRoutes } from '../../../test/render';
import { UsersPage } from './users-page';

const nora: AdminUser = {
  id: 'local-nora',
  name: 'Nora Local',
  email: 'nora@example.com',
  roles: ['customer'],
  account: { id: 'ACME-001', name: 'ACME Manufacturing' },
  source: 'local',
  lastSignInAt: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  disabled: false,
};
const olga: AdminUser = {
  id: 'idp-olga',
  name: 'Olga Provider',
  email: 'olga@partner.example',
  roles: ['partner'],
  account: { id: 'PARTNER-01', name: 'PARTNER-01' },
  source: 'provider',
  lastSignInAt: null,
  createdAt: '2026-11-02T08:00:00.000Z',
  disabled: true,
};

function fakeUsersApi(status = 200) {
  return fakeContentApi({
    '/api/Admin/users': (url, init) => {
      if (status !== 200) return json(status, { error: 'forbidden', message: 'This needs the role admin.' });
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string };
        if (body.email === 'nora@example.com') return json(409, { error: 'conflict', message: 'A user with the e-mail nora@example.com exists already.' });
        return json(201, { ...nora, id: 'local-new', ...body, account: null, lastSignInAt: null });
      }
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const items = [nora, olga].filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(q));
      return json(200, { items, total: items.length });
    },
    '/api/Admin/users/local-nora': (_url, init) => json(200, { ...nora, ...(JSON.parse(String(init.body)) as object) }),
    '/api/Admin/users/idp-olga': (_url, init) => json(200, { ...olga, ...(JSON.parse(String(init.body)) as object) }),
    '/api/Admin/directory/accounts': () => json(200, { items: [{ id: 'ACME-001', name: 'ACME Manufacturing', kind: 'customer' }] }),
  });
}

const renderAt = () => renderRoutes([{ path: '/admin/users', element: <UsersPage /> }], '/admin/users');
const bodyOf = (api: ReturnType<typeof fakeContentApi>, path: string, method: string) =>
  JSON.parse(String(api.fetch.mock.calls.find(([input, init]) => new URL(String(input)).pathname === path && init.method === method)![1].body));

describe('users page', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());
  afterEach(() => vi.restoreAllMocks());

  it('lists local and identity-provider users with roles, account, last sign-in in the reader’s language and status', async () => {
    fakeUsersApi();
    renderAt();
    const row = (await screen.findByText('Nora Local')).closest('tr')!;
    expect(within(row).getByText('nora@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Customer')).toBeInTheDocument();
    expect(within(row).getByText('ACME Manufacturing (ACME-001)')).toBeInTheDocument();
    expect(within(row).getByText('Local account')).toBeInTheDocument();
    expect(within(row).getByText(/^Nov 20, 2026, \d+:30 (AM|PM) /)).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const other = screen.getByText('Olga Provider').closest('tr')!;
    expect(within(other).getByText('Identity provider')).toBeInTheDocument();
    expect(within(other).getByText('PARTNER-01')).toBeInTheDocument();
    expect(within(other).getByText('Never')).toBeInTheDocument();
    expect(within(other).getByText('Disabled')).toBeInTheDocument();
  });

  it('searches on the server', async () => {
    const api = fakeUsersApi();
    renderAt();
    await screen.findByText('Nora Local');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'olga');
    await waitFor(() => expect(api.calls('/api/Admin/users').at(-1)!.searchParams.get('q')).toBe('olga'));
    await waitFor(() => expect(screen.queryByText('Nora Local')).toBeNull());
  });

  it('creates a local user with one save, checking the form first and showing the server’s refusal', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const api = fakeUsersApi();
    renderAt();
    await screen.findByText('Nora Local');
    await userEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New local user' });
    expect(within(dialog).getAllByRole('button', { name: /create|save/i })).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(3);
    const posts = () => api.fetch.mock.calls.filter(([input, init]) => new URL(String(input)).pathname === '/api/Admin/users' && init.method === 'POST');
    expect(posts()).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'nora@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nora Again');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getByText('At least 12 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Password/), ' but now long');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with the e-mail nora@example.com exists already.');

    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'pat@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ACME Manufacturing (ACME-001)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Nora Again can sign in now.' })));
    const posted = posts().at(-1)!;
    expect(JSON.parse(String(posted[1].body))).toEqual({ email: 'pat@example.com', name: 'Nora Again', roles: ['customer'], account: 'ACME-001', password: 'short but now long' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes a local user’s roles and password and disables them, sending only what changed', async () => {
    const api = fakeUsersApi();
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Nora Local' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Nora Local' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partner' }));
    await userEvent.type(within(dialog).getByLabelText(/^New password/), 'a fresh long password');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Disabled/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(api, '/api/Admin/users/local-nora', 'PATCH')).toEqual({ roles: ['customer', 'partner'], password: 'a fresh long password', disabled: true });
  });

  it('only enables or disables a user of the identity provider', async () => {
    const api = fakeUsersApi();
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Olga Provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Olga Provider' });
    expect(within(dialog).getByText(/come from the identity provider/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Disabled/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(api, '/api/Admin/users/idp-olga', 'PATCH')).toEqual({ disabled: false });
  });

  it('says the page is the admins’ when the API refuses', async () => {
    fakeUsersApi(403);
    renderAt();
    expect(await screen.findByText('Only administrators manage users and accounts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New user' })).toBeNull();
  });
});
