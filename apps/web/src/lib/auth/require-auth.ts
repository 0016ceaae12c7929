import { currentSession } from './session';
import { signIn } from './user-manager';

/**
 * Route loader for everything marked requiresAuth (spec §6): a visitor without a valid session
 * is sent to single sign-on and comes back to the page asked for. The returned promise of
 * `signIn` only settles once the browser has left, so nothing of the page renders meanwhile.
 */
export async function requireAuth({ request }: { request: Request }): Promise<null> {
  if (currentSession()) return null;
  const url = new URL(request.url);
  await signIn(`${url.pathname}${url.search}${url.hash}`);
  return null;
}
