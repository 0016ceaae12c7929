import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Follow } from '@portal/contracts/alerts';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { FollowToggle } from './follow-toggle';

const saved: Follow = { kind: 'document', itemId: 'doc-1', title: 'R100 manual', automatic: false, mail: true, createdAt: '2026-01-01T00:00:00.000Z' };

describe('FollowToggle', () => {
  beforeAll(() => initTestI18n());

  it('follows with PUT, then stops following with DELETE, showing the state as pressed', async () => {
    const { fetch } = fakeContentApi({
      '/api/Follows': () => json(200, { items: [] }),
      '/api/Follows/document/doc-1': (_url, init) => (init.method === 'PUT' ? json(200, saved) : new Response(null, { status: 204 })),
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FollowToggle kind="document" itemId="doc-1" />
      </QueryClientProvider>,
    );
    const toggle = await screen.findByRole('button', { name: 'Follow' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/document/doc-1', expect.objectContaining({ method: 'PUT' }));

    await userEvent.click(following);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false'));
    expect(fetch).toHaveBeenLastCalledWith('http://api.test/api/Follows/document/doc-1', expect.objectContaining({ method: 'DELETE' }));
  });

  it('confirms following and unfollowing with a toast, naming the item when it has a name', async () => {
    const toast = vi.spyOn(notifications, 'show');
    fakeContentApi({
      '/api/Follows': () => json(200, { items: [] }),
      '/api/Follows/product/R100': (_url, init) => (init.method === 'PUT' ? json(200, { ...saved, kind: 'product', itemId: 'R100' }) : new Response(null, { status: 204 })),
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FollowToggle kind="product" itemId="R100" name="Robot R100" />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Robot R100' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Robot R100', message: 'You are now following this.' })));
    await userEvent.click(await screen.findByRole('button', { name: 'Following Robot R100' }));
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'You no longer follow this.' })));
    expect(toast).toHaveBeenCalledTimes(2);
    toast.mockRestore();
  });

  it('names the item it follows where a page holds several controls', async () => {
    fakeContentApi({ '/api/Follows': () => json(200, { items: [{ ...saved, kind: 'product', itemId: 'R100' }] }) });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FollowToggle kind="product" itemId="R100" name="Robot R100" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Following Robot R100' })).toHaveAttribute('aria-pressed', 'true');
  });
});
