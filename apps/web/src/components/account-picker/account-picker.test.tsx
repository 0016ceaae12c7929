import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { AccountPicker, AccountsPicker } from './account-picker';
import { isAccountId, isEmailLike } from './picker-options';
import { UserPicker } from './user-picker';

const accounts = [
  { id: 'ACME-001', name: 'ACME Manufacturing', kind: 'customer' },
  { id: 'BETA-2', name: 'BETA-2', kind: 'customer' },
  { id: 'PARTNER-01', name: 'Rhône Robotics Service', kind: 'partner' },
];

function fakeDirectory(status = 200) {
  return fakeContentApi({
    '/api/Admin/directory/accounts': (url) => {
      if (status !== 200) return json(status, { error: 'forbidden', message: 'no' });
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const kind = url.searchParams.get('kind');
      return json(200, { items: accounts.filter((account) => (!kind || account.kind === kind) && `${account.id} ${account.name}`.toLowerCase().includes(q)) });
    },
    '/api/Admin/directory/users': (url) => {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, { items: [{ id: 'local-1', name: 'Nora Local', email: 'Nora@Example.com', account: 'ACME-001' }].filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(q)) });
    },
  });
}

const render = (ui: React.ReactElement) =>
  renderWithProviders(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

function Single({ onChange, kind }: { onChange: (value: string | null) => void; kind?: 'customer' | 'partner' }) {
  const [value, setValue] = useState<string | null>(null);
  return <AccountPicker label="Account" kind={kind} value={value} onChange={(next) => { setValue(next); onChange(next); }} />;
}

function Several({ onChange, initial = [] }: { onChange: (value: string[]) => void; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return <AccountsPicker label="Accounts" value={value} onChange={(next) => { setValue(next); onChange(next); }} />;
}

describe('account and user pickers', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('searches accounts on the server by what is typed and offers them by name and id', async () => {
    const api = fakeDirectory();
    const onChange = vi.fn();
    render(<Single onChange={onChange} kind="customer" />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Account' }), 'acme');
    await waitFor(() => expect(api.calls('/api/Admin/directory/accounts').some((url) => url.searchParams.get('q') === 'acme')).toBe(true));
    expect(api.calls('/api/Admin/directory/accounts').every((url) => url.searchParams.get('kind') === 'customer' && url.searchParams.get('limit') === '20')).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['ACME Manufacturing (ACME-001)']));
    await userEvent.click(screen.getByRole('option', { name: 'ACME Manufacturing (ACME-001)' }));
    expect(onChange).toHaveBeenLastCalledWith('ACME-001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('ACME Manufacturing (ACME-001)'));
  });

  it('offers a typed id the directory does not hold, and only a well-formed one', async () => {
    fakeDirectory();
    const onChange = vi.fn();
    render(<Several onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Accounts' });
    await userEvent.type(field, 'NEW-7');
    await userEvent.click(await screen.findByRole('option', { name: 'Use “NEW-7”' }));
    expect(onChange).toHaveBeenLastCalledWith(['NEW-7']);
    await userEvent.type(field, 'not an id');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Use/ })).toBeNull());
  });

  it('keeps the picked accounts’ names and still lets an id be typed when the directory refuses', async () => {
    fakeDirectory();
    render(<Several onChange={() => undefined} initial={['PARTNER-01']} />);
    expect(await screen.findByText('Rhône Robotics Service (PARTNER-01)')).toBeInTheDocument();

    fakeDirectory(403);
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    await userEvent.type(screen.getAllByRole('combobox', { name: 'Account' })[0]!, 'ACME-009');
    await userEvent.click(await screen.findByRole('option', { name: 'Use “ACME-009”' }));
    expect(onChange).toHaveBeenLastCalledWith('ACME-009');
  });

  it('picks a user by name and answers their e-mail in lower case; a typed address is offered too', async () => {
    fakeDirectory();
    const onChange = vi.fn();
    function Picker() {
      const [value, setValue] = useState<string | null>(null);
      return <UserPicker label="User" value={value} onChange={(next) => { setValue(next); onChange(next); }} />;
    }
    render(<Picker />);
    const field = screen.getByRole('combobox', { name: 'User' });
    await userEvent.type(field, 'nora');
    await userEvent.click(await screen.findByRole('option', { name: 'Nora Local · Nora@Example.com' }));
    expect(onChange).toHaveBeenLastCalledWith('nora@example.com');
    // An address nobody signed in with yet, in a picker of its own.
    render(<Picker />);
    await userEvent.type(screen.getAllByRole('combobox', { name: 'User' })[1]!, 'Someone@Else.example');
    await userEvent.click(await screen.findByRole('option', { name: 'Use “someone@else.example”' }));
    expect(onChange).toHaveBeenLastCalledWith('someone@else.example');
  });

  it('tells ids and addresses from other text without a pattern that could run away', () => {
    expect(['ACME-001', 'a.b_c-9', 'X'].every(isAccountId)).toBe(true);
    expect(['', '-A', 'has space', 'A'.repeat(65), 'Ä-1'].some(isAccountId)).toBe(false);
    expect(['a@b.co', 'x.y@mail.example'].every(isEmailLike)).toBe(true);
    expect(['a@b', '@b.co', 'a@@b.co', 'a b@c.co', 'a@b.', `${'a'.repeat(250)}@b.co`].some(isEmailLike)).toBe(false);
  });
});
