import type { UserManager } from 'oidc-client-ts';
import type { WebConfig } from '@portal/contracts/web-config';
import { clearSession, saveSession } from './session';

/** Where the user wanted to go when sign-in started; carried through the provider in `state`. */
export interface SignInState {
  returnTo: string;
}

interface SignInSettings {
  oidc: WebConfig['oidc'];
  origin: string;
}

let settings: SignInSettings | null = null;
let manager: Promise<UserManager> | null = null;

/** Remembers the provider; the OpenID Connect client itself loads on the first sign-in or sign-out. */
export function configureSignIn(oidc: WebConfig['oidc'], origin = window.location.origin): void {
  settings = { oidc, origin };
  manager = null;
}

/**
 * Code flow with PKCE S256 (oidc-client-ts does both). The client's own records (the pending
 * sign-in, the ID token for sign-out) live in session storage, like the session.
 */
export function getUserManager(): Promise<UserManager> {
  if (!settings) return Promise.reject(new Error('Authentication is not set up yet'));
  const { oidc, origin } = settings;
  manager ??= import('oidc-client-ts').then(
    ({ UserManager, WebStorageStateStore }) =>
      new UserManager({
        authority: oidc.authority,
        client_id: oidc.clientId,
        scope: oidc.scope,
        response_type: 'code',
        redirect_uri: `${origin}/login/callback`,
        post_logout_redirect_uri: `${origin}/`,
        userStore: new WebStorageStateStore({ store: window.sessionStorage }),
        stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
        // No silent-renew page: an expired session signs in again through the provider's own session.
        automaticSilentRenew: false,
        loadUserInfo: false,
      }),
  );
  return manager;
}

const returnToKey = 'portal.signIn.returnTo';

/**
 * Sends the browser to the provider. The page that started sign-in showed nothing, so the
 * provider takes its place in the history: Back from the provider does not bounce off it again.
 */
export async function signIn(returnTo: string, storage: Storage = sessionStorage): Promise<void> {
  const state: SignInState = { returnTo };
  storage.setItem(returnToKey, returnTo);
  await (await getUserManager()).signinRedirect({ state, redirectMethod: 'replace' });
}

/** Where the latest sign-in of this tab was going: a stale return address sends the user there. */
export function lastSignInReturnTo(storage: Storage = sessionStorage): string | undefined {
  return storage.getItem(returnToKey) ?? undefined;
}

/**
 * Whether a return address belongs to a sign-in still waiting in this tab. One that does not
 * (Back onto a used address, a reload after sign-in, a copied link) can only fail with "No
 * matching state found in storage".
 */
export async function isPendingSignIn(url: string): Promise<boolean> {
  const stateId = new URL(url).searchParams.get('state');
  if (!stateId) return false;
  return (await (await getUserManager()).settings.stateStore.get(stateId)) !== null;
}

/** Exchanges the code the provider sent back for tokens; answers the state sign-in started with. */
export async function completeSignInCallback(url: string): Promise<Partial<SignInState> | undefined> {
  const user = await (await getUserManager()).signinCallback(url);
  if (!user) return undefined;
  saveSession({ accessToken: user.access_token, expiresAt: user.expires_at ?? 0 });
  return user.state as Partial<SignInState> | undefined;
}

/**
 * Renews the session with the refresh token sign-in got, when it got one (scope `offline_access`):
 * answers the new access token, or null when there is nothing to renew it with.
 */
export async function refreshSession(): Promise<string | null> {
  const userManager = await getUserManager();
  if (!(await userManager.getUser())?.refresh_token) return null;
  const user = await userManager.signinSilent();
  if (!user) return null;
  saveSession({ accessToken: user.access_token, expiresAt: user.expires_at ?? 0 });
  return user.access_token;
}

/** Ends the session at the provider, which sends the browser back to the site root (spec §2). */
export async function signOut(): Promise<void> {
  clearSession();
  const userManager = await getUserManager();
  try {
    await userManager.signoutRedirect();
  } catch (error) {
    // Provider unreachable: still forget the local session.
    console.error('Sign-out at the identity provider failed', error);
    await userManager.removeUser();
    window.location.assign('/');
  }
}
