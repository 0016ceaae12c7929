import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts/alerts';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { NotificationsPage } from './notifications-page';

const notification = (id: string, read: boolean): Notification => ({
  id, event: 'newVersion', documentId: `doc-${id}`, title: `Manual ${id}`, versionLabel: 'B', changeNote: 'Safety chapter revised',
  link: `/DocumentLink/D${id}-B`, createdAt: '2026-11-20T10:00:00.000Z', read,
});

function renderPage(
  initial: Notification[] = [
    notification('1', false),
    notification('2', false),
    notification('3', true),
    { ...notification('4', true), event: 'notice' as const, versionLabel: 'safety', title: 'Brake inspection', link: '/units/ARM6-1' },
  ],
) {
  let items = initial;
  const api = fakeContentApi({
    '/api/Notifications': () => json(200, { items, total: items.length, unread: items.filter((item) => !item.read).length }),
    '/api/Notifications/read': async (_url, init) => {
      const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
      items = items.map((item) => (body.all || body.ids?.includes(item.id) ? { ...item, read: true } : item));
      return json(200, { unread: items.filter((item) => !item.read).length });
    },
    '/api/Me/preferences': () => json(200, { email: 'immediate', language: 'en-US', autoFollowDownloads: true }),
  });
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/DocumentLink/:documentData', element: <p>document link page</p> },
    ],
    { initialEntries: ['/notifications'] },
  );
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, router };
}

const readBodies = (fetch: ReturnType<typeof fakeContentApi>['fetch']) =>
  fetch.mock.calls.filter(([input]) => input.endsWith('/api/Notifications/read')).map(([, init]) => JSON.parse(String(init.body)));

describe('NotificationsPage', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('lists the notifications with the unread ones marked', async () => {
    renderPage();
    expect(await screen.findAllByTestId('notification')).toHaveLength(4);
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');
    expect(screen.getByRole('link', { name: /^Manual 1\s*\(unread\)$/ })).toHaveAttribute('href', '/DocumentLink/D1-B');
    expect(screen.getByRole('link', { name: 'Manual 3' })).toBeInTheDocument();
    expect(screen.getAllByText('Safety chapter revised')).toHaveLength(4);
    expect(screen.getAllByText('Version B')).toHaveLength(3);
    expect(screen.getByText('Safety notice')).toBeInTheDocument();
  });

  it('marks a notification read before opening its deep link', async () => {
    const { fetch, router } = renderPage();
    await userEvent.click(await screen.findByRole('link', { name: /^Manual 2\s*\(unread\)$/ }));
    await screen.findByText('document link page');
    expect(router.state.location.pathname).toBe('/DocumentLink/D2-B');
    expect(readBodies(fetch)).toEqual([{ ids: ['2'] }]);
  });

  it.each([
    ['en-US', 'New software version', 'New CAD library version'],
    ['fr-FR', 'Nouvelle version de logiciel', 'Nouvelle version de bibliothèque CAO'],
    ['de-DE', 'Neue Softwareversion', 'Neue Version einer CAD-Bibliothek'],
  ])('tells software versions and CAD library releases apart, with their page links, in %s', async (language, software, cad) => {
    await initTestI18n(language);
    try {
      renderPage([
        { ...notification('5', false), event: 'newSoftwareVersion', title: 'R100 firmware', versionLabel: '3.0', changeNote: 'R100 firmware 3.0 release notes', link: '/software/R100FW' },
        { ...notification('6', false), event: 'newCadRelease', title: 'R100 for SolidWorks', versionLabel: '5.2', changeNote: 'Adds the ceiling mount.', link: '/cadFiles/partnersLibraries' },
      ]);
      expect(await screen.findByText(software)).toBeInTheDocument();
      expect(screen.getByText(cad)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /^R100 firmware/ })).toHaveAttribute('href', '/software/R100FW');
      expect(screen.getByRole('link', { name: /^R100 for SolidWorks/ })).toHaveAttribute('href', '/cadFiles/partnersLibraries');
      expect(screen.getByText('Version 5.2')).toBeInTheDocument();
      expect(screen.getByText('Adds the ceiling mount.')).toBeInTheDocument();
    } finally {
      await initTestI18n('en-US');
    }
  });

  it('shows a step of the user’s paper request with its state and the unit page link', async () => {
    renderPage([
      { ...notification('7', false), event: 'paperRequest', documentId: 'req-1', title: 'R100-0001', versionLabel: 'shipped', changeNote: 'Language: FR · Due by: 2026-02-28 · Shipping note: DHL 123', link: '/units/R100-0001' },
    ]);
    expect(await screen.findByText('Printed instructions')).toBeInTheDocument();
    expect(screen.getByText('Shipped')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^R100-0001/ })).toHaveAttribute('href', '/units/R100-0001');
    expect(screen.getByText('Language: FR · Due by: 2026-02-28 · Shipping note: DHL 123')).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const { fetch } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('0 unread'));
    expect(readBodies(fetch)).toEqual([{ all: true }]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
