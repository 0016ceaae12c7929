import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/auth/session';
import { fakeContentApi, json } from '../../../test/fake-content-api';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { MaintenancePage } from './maintenance-page';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/under-maintenance', element: <MaintenancePage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const claims = (roles: string[]) => Buffer.from(JSON.stringify({ sub: 'someone', roles })).toString('base64url');
const signInAs = (...roles: string[]) => saveSession({ accessToken: `header.${claims(roles)}.signature`, expiresAt: Date.now() / 1000 + 3600 });
const until = '2031-06-07T08:09:10.000Z';

describe('MaintenancePage', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the maintenance-until label with the formatted date and the support address', () => {
    const iso = new Date(2031, 5, 7, 8, 9, 10).toISOString();
    renderAt(`/under-maintenance?nextAvailability=${encodeURIComponent(iso)}`);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('The portal is under maintenance until', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('next-availability')).toHaveTextContent('2031-06-07 08:09:10');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByTestId('next-availability-zone').textContent).toMatch(/^\(.*UTC[+-]\d{2}:\d{2}\)$/);
    if (zone !== 'UTC') expect(screen.getByTestId('next-availability-zone')).toHaveTextContent(zone);
    expect(screen.getByRole('link', { name: 'support@example.test' })).toHaveAttribute('href', 'mailto:support@example.test');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('shows no date and logs on the console when the date cannot be parsed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/under-maintenance?nextAvailability=not-a-date');
    expect(screen.queryByTestId('next-availability')).not.toBeInTheDocument();
    expect(screen.getByText('The portal is under maintenance.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Wrong date format'));
  });

  it('offers nothing more to anyone but an admin: signed out, a customer, a publisher', () => {
    for (const roles of [null, ['customer'], ['publisher', 'employee']]) {
      if (roles) signInAs(...roles);
      renderAt(`/under-maintenance?nextAvailability=${encodeURIComponent(until)}`);
      expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'End maintenance now' }), String(roles)).not.toBeInTheDocument();
      cleanup();
      clearSession();
    }
  });

  it('lets a signed-in admin end maintenance, then goes to the home page', async () => {
    signInAs('admin', 'employee');
    const api = fakeContentApi({ '/api/Admin/maintenance': () => json(200, { until: null, activeUntil: null }) });
    const router = renderAt(`/under-maintenance?nextAvailability=${encodeURIComponent(until)}`);
    expect(screen.getByText('You are signed in as an administrator.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End maintenance now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    const [input, init] = api.fetch.mock.calls[0]!;
    expect([new URL(input).pathname, init.method, init.body]).toEqual(['/api/Admin/maintenance', 'PUT', JSON.stringify({ until: null })]);
  });

  it('stays on the page with a message when the API refuses', async () => {
    signInAs('admin');
    fakeContentApi({ '/api/Admin/maintenance': () => json(403, { error: 'forbidden', message: 'This needs one of the roles: admin.' }) });
    const router = renderAt('/under-maintenance');
    await userEvent.click(screen.getByRole('button', { name: 'End maintenance now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Maintenance could not be ended. Please try again.');
    expect(router.state.location.pathname).toBe('/under-maintenance');
  });

  it('stays on the page, saying why, when the server configuration keeps maintenance on', async () => {
    signInAs('admin');
    fakeContentApi({ '/api/Admin/maintenance': () => json(200, { until: null, activeUntil: until }) });
    const router = renderAt(`/under-maintenance?nextAvailability=${encodeURIComponent(until)}`);
    await userEvent.click(screen.getByRole('button', { name: 'End maintenance now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('MAINTENANCE_UNTIL');
    expect(router.state.location.pathname).toBe('/under-maintenance');
  });
});
