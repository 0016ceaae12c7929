import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { WebConfig } from '@portal/contracts/web-config';

let current: UserManager | null = null;

/** Where the user wanted to go when sign-in started; carried through the provider in `state`. */
export interface SignInState {
  returnTo: string;
}

/**
 * Code flow with PKCE S256 (oidc-client-ts does both). Tokens live in session storage, which
 * the API client clears on a 401.
 */
export function createUserManager(oidc: WebConfig['oidc'], origin = window.location.origin): UserManager {
  current = new UserManager({
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
  });
  return current;
}

export function getUserManager(): UserManager {
  if (!current) throw new Error('Authentication is not set up yet');
  return current;
}

export async function getAccessToken(): Promise<string | null> {
  const user = await getUserManager().getUser();
  return user && !user.expired ? user.access_token : null;
}

export function signIn(returnTo: string): Promise<void> {
  const state: SignInState = { returnTo };
  return getUserManager().signinRedirect({ state });
}

/** Ends the session at the provider, which sends the browser back to the site root (spec §2). */
export async function signOut(): Promise<void> {
  const manager = getUserManager();
  try {
    await manager.signoutRedirect();
  } catch (error) {
    // Provider unreachable: still forget the local session.
    console.error('Sign-out at the identity provider failed', error);
    await manager.removeUser();
    window.location.assign('/');
  }
}
