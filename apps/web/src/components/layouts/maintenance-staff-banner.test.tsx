import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates';
import { fakeContentApi, json } from '../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../test/render';
import { MaintenanceStaffBanner } from './maintenance-staff-banner';

function renderBanner(roles: string[], activeUntil: string | null) {
  const api = fakeContentApi({
    '/api/Me': () => json(200, { sub: 's', email: 'me@example.test', name: 'Me', roles, account: null, id: 'u1', firstSeenAt: '', lastSeenAt: '' }),
    '/api/Admin/maintenance': () => json(200, { until: activeUntil, activeUntil }),
    '/api/Maintenance': () => json(200, { activeUntil }),
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

  const end = '2030-01-01T10:00:00.000Z';
  const onUntilEnd = `Maintenance mode is on until ${formatDateTime(end, 'en-US')} — customers see the maintenance page.`;

  it('tells an admin until when customers see the maintenance page, in the reader\'s language and time zone, with the way to end it', async () => {
    const api = renderBanner(['admin'], end);
    const banner = await screen.findByTestId('maintenance-staff-banner');
    expect(banner).toHaveTextContent(onUntilEnd);
    expect(banner).not.toHaveTextContent('2030-01-01T');
    expect(screen.getByRole('link', { name: 'End maintenance' })).toHaveAttribute('href', '/admin/jobs');
    // The console's maintenance panel's own query: switching there updates the banner at once.
    expect(api.calls('/api/Maintenance')).toHaveLength(0);
  });

  it('tells a publisher and an employee too, from the staff route, without a way to end it they do not have', async () => {
    for (const roles of [['publisher', 'employee'], ['employee']]) {
      const api = renderBanner(roles, end);
      const banner = await screen.findByTestId('maintenance-staff-banner');
      expect(banner, roles.join()).toHaveTextContent(onUntilEnd);
      expect(screen.queryByRole('link', { name: 'End maintenance' })).toBeNull();
      expect(api.calls('/api/Admin/maintenance')).toHaveLength(0);
      cleanup();
    }
  });

  it('says nothing while maintenance is off', async () => {
    const api = renderBanner(['admin'], null);
    await waitFor(() => expect(api.calls('/api/Admin/maintenance')).toHaveLength(1));
    expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
  });

  it('does not ask customers and partners for the maintenance state, nor show them the banner', async () => {
    for (const roles of [['customer'], ['partner']]) {
      const api = renderBanner(roles, end);
      await waitFor(() => expect(api.calls('/api/Me')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.calls('/api/Admin/maintenance')).toHaveLength(0);
      expect(api.calls('/api/Maintenance')).toHaveLength(0);
      expect(screen.queryByTestId('maintenance-staff-banner')).toBeNull();
      cleanup();
    }
  });
});
