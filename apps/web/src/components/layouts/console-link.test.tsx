import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { AppHeader } from './app-header';

function renderHeader(roles: string[]) {
  fakeContentApi({ '/api/Me': () => json(200, { sub: 's', email: 'me@example.test', name: 'Me', roles, account: null, id: 'u1', firstSeenAt: '', lastSeenAt: '' }) });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AppHeader navbarOpened={false} onToggleNavbar={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('header link to the publishing console', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it.each([['publisher'], ['admin']])('is shown to a %s', async (role) => {
    renderHeader([role, 'employee']);
    expect(await screen.findByTestId('console-link')).toHaveAttribute('href', '/admin');
  });

  it.each([['customer'], ['partner'], ['employee']])('is not shown to a %s', async (role) => {
    renderHeader([role]);
    await screen.findByText('Me');
    expect(screen.queryByTestId('console-link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Console' })).toBeNull();
  });
});
