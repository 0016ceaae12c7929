import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { NotificationsBell } from './notifications-bell';

function renderBell(unread: number) {
  const api = fakeContentApi({ '/api/Notifications': () => json(200, { items: [], total: unread, unread }) });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NotificationsBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('NotificationsBell', () => {
  beforeAll(() => initTestI18n());

  it('shows the unread count and says it in its name; it links to the list', async () => {
    const { calls } = renderBell(3);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByText('3')).toBeVisible();
    expect(calls('/api/Notifications')[0].searchParams.get('pageSize')).toBe('1');
  });

  it('shows no count when everything is read', async () => {
    renderBell(0);
    await screen.findByRole('link', { name: 'Notifications, 0 unread' });
    expect(screen.queryByText('0')).toBeNull();
  });
});
