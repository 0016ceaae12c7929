import { redirect } from 'react-router';
import { completeSignInCallback } from '../../../lib/auth/user-manager';

/**
 * Loader of /login/callback, the sign-in return address. A provider refusal
 * (`error=access_denied`) goes to /access-denied (spec §8); otherwise the code is exchanged for
 * tokens and the user continues where sign-in started.
 */
export async function completeSignIn({ request }: { request: Request }): Promise<Response> {
  const params = new URL(request.url).searchParams;
  if (params.get('error') === 'access_denied') return redirect('/access-denied');
  const state = await completeSignInCallback(request.url);
  return redirect(safeReturnPath(state?.returnTo));
}

/** Only same-site paths: a crafted state must not send the user to another site. */
export function safeReturnPath(returnTo: string | undefined): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//')) return '/';
  if (returnTo.startsWith('/login/callback')) return '/';
  return returnTo;
}
