import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { User, type UserManager } from 'oidc-client-ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../lib/api-client/client';
import { getAccessToken, saveSession } from '../lib/auth/session';
import { configureSignIn, getUserManager, signIn } from '../lib/auth/user-manager';
import { queryClient } from '../lib/query-client';
import { initTestI18n, renderWithProviders, testConfig } from '../test/render';
import { routes } from './routes';

const me = {
  id: 'u1',
  sub: 'customer-1',
  email: 'customer@demo.example',
  name: 'Carla Customer',
  roles: ['customer'],
  account: 'ACME-001',
  firstSeenAt: '2030-01-01T00:00:00.000Z',
  lastSeenAt: '2030-01-01T00:00:00.000Z',
};

function signedInUser(state?: unknown) {
  return new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    profile: { sub: 'customer-1', iss: testConfig.oidc.authority, aud: 'portal-web', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    userState: state,
  });
}

function signInAs(accessToken: string) {
  saveSession({ accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
}

function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('routes', () => {
  let manager: UserManager;
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(me), { status: 200 }));

  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  beforeEach(async () => {
    configureSignIn(testConfig.oidc, 'http://portal.test');
    manager = await getUserManager();
    apiClient.configure({ baseUrl: 'http://api.test', fetch: fetchMock as unknown as typeof fetch, getAccessToken });
    queryClient.clear();
  });

  afterEach(() => vi.restoreAllMocks());

  it('sends an unauthenticated visitor to sign-in with the page asked for as return path', async () => {
    const signinRedirect = vi.spyOn(manager, 'signinRedirect').mockReturnValue(new Promise(() => undefined));
    renderRoute('/resources?tab=manuals');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/resources?tab=manuals' }, redirectMethod: 'replace' }));
    expect(screen.queryByRole('heading', { name: 'Resources' })).not.toBeInTheDocument();
  });

  it('also protects the document link page', async () => {
    const signinRedirect = vi.spyOn(manager, 'signinRedirect').mockReturnValue(new Promise(() => undefined));
    renderRoute('/DocumentLink/D28092504-A');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/DocumentLink/D28092504-A' }, redirectMethod: 'replace' }));
  });

  it('treats an expired session as signed out', async () => {
    saveSession({ accessToken: 'access-0', expiresAt: Math.floor(Date.now() / 1000) - 10 });
    const signinRedirect = vi.spyOn(manager, 'signinRedirect').mockReturnValue(new Promise(() => undefined));
    renderRoute('/');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalled());
  });

  it('renders the layout with navigation, the page and the user from /api/Me when signed in', async () => {
    signInAs('access-1');
    renderRoute('/favorites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    // The header's links and controls are drawn a few tasks after the page.
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Resources', 'Software', 'CAD files', 'My equipment', 'Favourites']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
    // Below 1440 px (the test window is 1024 px wide) the other sites are behind the header's menu.
    await userEvent.click(await screen.findByRole('button', { name: 'Other sites' }));
    expect(await screen.findByRole('menuitem', { name: /Customer portal/ })).toHaveAttribute('href', testConfig.customerPortalUrl);
    expect(screen.getByRole('menuitem', { name: /Equipment center/ })).toHaveAttribute('href', testConfig.equipmentCenterUrl);
    await userEvent.keyboard('{Escape}');

    const meCall = () => (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(([url]) => url === 'http://api.test/api/Me');
    await waitFor(() => expect(meCall()).toBeDefined());
    expect(new Headers(meCall()![1].headers).get('Authorization')).toBe('Bearer access-1');

    await userEvent.click(await screen.findByRole('button', { name: 'User menu: Carla Customer' }));
    const panel = await screen.findByRole('dialog', { name: /User menu/ });
    expect(within(panel).getByTestId('user-name')).toHaveTextContent('Carla Customer');
    expect(within(panel).getByTestId('user-roles')).toHaveTextContent(/Roles:\s*Customer/);
    expect(screen.getByText('Account: ACME-001')).toBeInTheDocument();

    const signoutRedirect = vi.spyOn(manager, 'signoutRedirect').mockResolvedValue();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sign out' }));
    expect(signoutRedirect).toHaveBeenCalled();
  });

  it('passes the software equipment name to its page', async () => {
    signInAs('access-1');
    renderRoute('/software/IRC5%20Controller');
    expect(await screen.findByRole('heading', { level: 1, name: 'IRC5 Controller' })).toBeInTheDocument();
  });

  it('opens the CAD files page on its robot configurator tab', async () => {
    signInAs('access-1');
    const router = renderRoute('/cadFiles');
    expect(await screen.findByRole('heading', { level: 2, name: 'Robot configurator' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cadFiles/robotConfigurator');
    await userEvent.click(screen.getByRole('tab', { name: 'Download history' }));
    // The page loads with its route (a chunk of its own), then the location changes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/cadFiles/downloadshistory'));
  });

  it('sends a refused sign-in (error=access_denied) to the access-denied page', async () => {
    const router = renderRoute('/login/callback?error=access_denied&state=abc');
    expect(await screen.findByRole('heading', { name: 'Oops !' })).toBeInTheDocument();
    expect(screen.getByText('You are not authorized to access to this app...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('completes sign-in and continues to the page asked for', async () => {
    // The callback keeps the session it got: the page asked for then renders without another sign-in.
    const signinCallback = vi.spyOn(manager, 'signinCallback').mockResolvedValue(signedInUser({ returnTo: '/favorites' }));
    await manager.settings.stateStore.set('s', '{}');
    const router = renderRoute('/login/callback?code=c&state=s');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    expect(signinCallback).toHaveBeenCalledWith('http://localhost/login/callback?code=c&state=s');
    expect(router.state.location.pathname).toBe('/favorites');
    // The callback's entry is replaced: Back never lands on it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a stale callback (no sign-in waiting for its state) on to where sign-in was going, without an error', async () => {
    const signinCallback = vi.spyOn(manager, 'signinCallback');
    vi.spyOn(manager, 'signinRedirect').mockReturnValue(new Promise(() => undefined));
    signInAs('access-1');
    // The tab's latest sign-in went to /favorites (and completed): Back onto its used address.
    void signIn('/favorites');
    const router = renderRoute('/login/callback?code=used&state=consumed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(signinCallback).not.toHaveBeenCalled();
  });

  it('sends a stale callback home when this tab never started a sign-in', async () => {
    signInAs('access-1');
    sessionStorage.removeItem('portal.signIn.returnTo');
    const router = renderRoute('/login/callback?code=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText(/No matching state/)).not.toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
