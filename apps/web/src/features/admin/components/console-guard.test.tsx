import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { AdminLayout } from './admin-layout';
import { visibleConsoleNavItems, type ConsoleNavItem } from './console-nav-items';

function renderConsole(roles: string[]) {
  fakeContentApi({ '/api/Me': () => json(200, { sub: 's', email: 'me@example.test', name: 'Me', roles, account: null, id: 'u1', firstSeenAt: '', lastSeenAt: '' }) });
  const router = createMemoryRouter(
    [{ path: '/admin', element: <AdminLayout />, children: [{ path: 'documents', element: <p>the documents page</p> }] }],
    { initialEntries: ['/admin/documents'] },
  );
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('console guard and layout', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it.each([['publisher', 'employee'], ['admin', 'employee']])('shows the console with its navigation to a %s', async (...roles) => {
    renderConsole(roles);
    expect(await screen.findByText('the documents page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(nav).toHaveTextContent('Documents');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('access-denied-dialog')).toBeNull();
  });

  it.each([['customer'], ['partner'], ['employee'], []])('shows the not-authorized page to a signed-in %s, never the console', async (...roles) => {
    renderConsole(roles);
    expect(await screen.findByTestId('access-denied-dialog')).toHaveTextContent('You are not authorized to access to this app...');
    expect(screen.queryByText('the documents page')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Console navigation' })).toBeNull();
  });

  it('lists a page only to the roles it names', () => {
    const items: ConsoleNavItem[] = [
      { to: '/admin/documents', labelKey: 'admin.nav.documents', icon: () => null },
      { to: '/admin/audit', labelKey: 'admin.nav.documents', icon: () => null, roles: ['admin'] },
    ] as unknown as ConsoleNavItem[];
    expect(visibleConsoleNavItems(['publisher'], items).map((item) => item.to)).toEqual(['/admin/documents']);
    expect(visibleConsoleNavItems(['admin'], items).map((item) => item.to)).toEqual(['/admin/documents', '/admin/audit']);
  });
});
