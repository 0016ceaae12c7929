import { getAccessToken } from '../../../lib/auth/session';

/**
 * The roles claim of the signed-in user's access token (none without a session or a readable token).
 * The maintenance page cannot ask `/api/Me`, which answers 418 like every call during maintenance;
 * the token carries the same claim the API reads, and the API still checks the role of any call made.
 */
export function sessionRoles(token: string | null = getAccessToken()): string[] {
  const payload = token?.split('.')[1];
  if (!payload) return [];
  try {
    const bytes = Uint8Array.from(atob(payload.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
    const roles = (JSON.parse(new TextDecoder().decode(bytes)) as { roles?: unknown } | null)?.roles;
    return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}
