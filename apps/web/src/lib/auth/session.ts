/*
 * The signed-in session the app needs on every request: the access token and when it expires.
 * Kept in session storage (the API client clears it on a 401) so that a page can check the
 * session and call the API without loading the OpenID Connect client, which only sign-in and
 * sign-out need (user-manager.ts).
 */
const storageKey = 'portal.session';

export interface Session {
  accessToken: string;
  /** Seconds since the epoch, as in the token answer's `expires_at`. */
  expiresAt: number;
}

export function saveSession(session: Session, storage: Storage = sessionStorage): void {
  storage.setItem(storageKey, JSON.stringify(session));
}

export function clearSession(storage: Storage = sessionStorage): void {
  storage.removeItem(storageKey);
}

/** The stored session while it is still valid, else null. */
export function currentSession(storage: Storage = sessionStorage, now = Date.now()): Session | null {
  try {
    const session = JSON.parse(storage.getItem(storageKey) ?? 'null') as Partial<Session> | null;
    if (typeof session?.accessToken !== 'string' || typeof session.expiresAt !== 'number') return null;
    return session.expiresAt * 1000 > now ? (session as Session) : null;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return currentSession()?.accessToken ?? null;
}
