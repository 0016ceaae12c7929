import { redirect } from 'react-router';
import { requireAuth } from '../../../lib/auth/require-auth';
import { currentSession } from '../../../lib/auth/session';

/** The public view of a unit page, shown to a signed-out visitor (the identification link leads to the unit page). */
export const publicUnitPath = (serial: string) => `/units/${encodeURIComponent(serial)}/public`;

/** The serial of a unit page's path (`/units/<serial>`), or null for any other page. */
export function unitPageSerial(pathname: string): string | null {
  const match = /^\/units\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Loader of every signed-in page: signed out, a unit page (where a machine's scanned code leads)
 * shows its public view first instead of the bare sign-in form; any other page signs in.
 */
export async function requireAuthOrPublicUnit({ request }: { request: Request }): Promise<Response | null> {
  const serial = currentSession() ? null : unitPageSerial(new URL(request.url).pathname);
  if (serial) return redirect(publicUnitPath(serial));
  return requireAuth({ request });
}
