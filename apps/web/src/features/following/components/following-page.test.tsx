import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Follow } from '@portal/contracts/alerts';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { FollowingPage } from './following-page';

const follows: Follow[] = [
  { kind: 'document', itemId: 'doc-1', title: 'ARM-6 operating manual', automatic: true, mail: true, createdAt: '2026-03-02T10:00:00.000Z' },
  { kind: 'unit', itemId: 'ARM6-2025-00017', title: 'ARM6-2025-00017', automatic: false, mail: true, createdAt: '2026-02-01T10:00:00.000Z' },
  { kind: 'search', itemId: 'q=gripper&type=manual', title: 'gripper', automatic: false, mail: true, createdAt: '2026-01-05T10:00:00.000Z' },
];

function renderPage(items: Follow[]) {
  const api = fakeContentApi({
    '/api/Follows': () => json(200, { items }),
    '/api/Follows/unit/ARM6-2025-00017': (_url, init) =>
      init.method === 'PATCH'
        ? json(200, { ...items[1], ...(JSON.parse(String(init.body)) as { mail: boolean }) })
        : new Response(null, { status: 204 }),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FollowingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('FollowingPage', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n('en-US'));

  it('lists everything followed with its kind, title and since when; items with a page link to it', async () => {
    renderPage(follows);
    const rows = await screen.findAllByTestId('following-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Document');
    expect(rows[0]).toHaveTextContent('ARM-6 operating manual');
    expect(rows[0]).toHaveTextContent('Followed since your download on Mar 2, 2026');
    expect(within(rows[1]!).getByRole('link', { name: 'ARM6-2025-00017' })).toHaveAttribute('href', '/units/ARM6-2025-00017');
    expect(rows[1]).toHaveTextContent('Followed since Feb 1, 2026');
    expect(within(rows[2]!).getByRole('link', { name: 'gripper' })).toHaveAttribute('href', '/resources?q=gripper&type=manual');
  });

  it('stops following an item in one click and takes it off the list', async () => {
    const api = renderPage(follows);
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow ARM6-2025-00017' }));
    await waitFor(() => expect(api.calls('/api/Follows/unit/ARM6-2025-00017')).toHaveLength(1));
    expect(api.fetch.mock.calls.find(([input]) => input.endsWith('/api/Follows/unit/ARM6-2025-00017'))?.[1].method).toBe('DELETE');
    await waitFor(() => expect(screen.getAllByTestId('following-row')).toHaveLength(2));
    expect(screen.queryByText('ARM6-2025-00017')).not.toBeInTheDocument();
  });

  it('turns the mails of one item off and says so', async () => {
    const api = renderPage(follows);
    const toggle = await screen.findByRole('switch', { name: 'Also by mail: ARM6-2025-00017' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.calls('/api/Follows/unit/ARM6-2025-00017')).toHaveLength(1));
    const [, init] = api.fetch.mock.calls.find(([input]) => input.endsWith('/api/Follows/unit/ARM6-2025-00017'))!;
    expect([init.method, JSON.parse(String(init.body))]).toEqual(['PATCH', { mail: false }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Also by mail: ARM6-2025-00017' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'Also by mail: ARM6-2025-00017' })).not.toBeDisabled();
  });

  it('says what to do when nothing is followed', async () => {
    renderPage([]);
    expect(await screen.findByText('You follow nothing yet.')).toBeInTheDocument();
  });
});
