import { describe, expect, it } from 'vitest';
import { clearSession, currentSession, getAccessToken, saveSession } from './session';

describe('session', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  const inSeconds = (seconds: number) => now / 1000 + seconds;

  it('answers the stored session while it is valid, and nothing once it has expired', () => {
    saveSession({ accessToken: 'token-1', expiresAt: inSeconds(60) });
    expect(currentSession(sessionStorage, now)).toEqual({ accessToken: 'token-1', expiresAt: inSeconds(60) });
    expect(currentSession(sessionStorage, now + 60_000)).toBeNull();
  });

  it('gives the API client the access token, and none after sign-out or without a session', () => {
    expect(getAccessToken()).toBeNull();
    saveSession({ accessToken: 'token-2', expiresAt: Date.now() / 1000 + 60 });
    expect(getAccessToken()).toBe('token-2');
    clearSession();
    expect(getAccessToken()).toBeNull();
  });

  it('ignores a damaged record', () => {
    sessionStorage.setItem('portal.session', '{not json');
    expect(currentSession()).toBeNull();
    sessionStorage.setItem('portal.session', JSON.stringify({ accessToken: 42 }));
    expect(currentSession()).toBeNull();
  });
});
