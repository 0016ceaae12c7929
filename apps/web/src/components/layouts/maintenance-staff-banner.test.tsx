import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { MaintenanceStaffBanner } from './maintenance-staff-banner';

function renderBanner(roles: string[], activeUntil: string | null) {
  const api = fakeContentApi({
    '/api/Me': () => json(200, { sub: 's', email: 'me@example.test', name: 'Me', roles, account: null, id: 'u1', firstSeenAt: '', lastSeenAt: '' }),
    '/api/Admin/maintenance': () => json(200, { until: activeUntil, activeUntil }),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MaintenanceStaffBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('MaintenanceStaffBanner', { timeout: 30_000 }, () => {
  beforeAll(() => initTestI18n());

  it('tells an admin that customers see the maintenance page, with the way to end it', async () => {
    renderBanner(['admin'], '2030-01-01T10:00:00.000Z');
    const banner = await screen.findByTestId('maintenance-staff-banner');
    expect(banner).toHaveTextContent('Maintenance mode is on — customers see the maintenance page.');
    expect(screen.getByRole('link', { name: 'End maintenance' })).toHaveAttribute('href', '/admin/jobs');
  });

  it('says nothing while maintenance is off', async () => {
    const api = renderBanner(['admin'], null);
    await waitFor(() => expect(api.calls('/api/Admin/maintenance')).toHaveLength(1));
    expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
  });

  it('does not ask for the maintenance state for anyone but an admin', async () => {
    const api = renderBanner(['customer'], '2030-01-01T10:00:00.000Z');
    await waitFor(() => expect(api.calls('/api/Me')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('/api/Admin/maintenance')).toHaveLength(0);
    expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
  });
});
