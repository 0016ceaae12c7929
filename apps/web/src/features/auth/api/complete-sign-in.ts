import { replace } from 'react-router';
import { completeSignInCallback, isPendingSignIn, lastSignInReturnTo } from '../../../lib/auth/user-manager';

/**
 * Loader of /login/callback, the sign-in return address. A provider refusal
 * (`error=access_denied`) goes to /access-denied (spec §8); otherwise the code is exchanged for
 * tokens and the user continues where sign-in started. Every way out replaces the callback's
 * history entry, so Back never lands on it; a stale callback (its sign-in already completed or
 * never started in this tab) sends the user on to where sign-in was going, or home.
 */
export async function completeSignIn({ request }: { request: Request }): Promise<Response> {
  const params = new URL(request.url).searchParams;
  if (params.get('error') === 'access_denied') return replace('/access-denied');
  if (!(await isPendingSignIn(request.url))) return replace(safeReturnPath(lastSignInReturnTo()));
  const state = await completeSignInCallback(request.url);
  return replace(safeReturnPath(state?.returnTo));
}

/** Only same-site paths: a crafted state must not send the user to another site. */
export function safeReturnPath(returnTo: string | undefined): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//')) return '/';
  if (returnTo.startsWith('/login/callback')) return '/';
  return returnTo;
}
