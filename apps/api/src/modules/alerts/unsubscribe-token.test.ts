import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { alertDeps } from './alert-deps.ts';
import { checkUnsubscribeToken, signUnsubscribeToken, unsubscribeTokenLifetimeMs } from './unsubscribe-token.ts';

/* N3: unsubscribe links expire after a year, stand for one purpose only, and old links without expiry are refused. */

const key = randomBytes(32);
const now = Date.parse('2026-06-01T00:00:00.000Z');
/** A link as they were signed before they expired: the subject alone. */
const outdatedToken = (sub: string, signingKey: Buffer) => {
  const payload = Buffer.from(sub, 'utf8').toString('base64url');
  return `${payload}.${createHmac('sha256', signingKey).update(payload).digest('base64url')}`;
};
/** A link of the current format signed under another purpose (what another feature's token of this key would look like). */
const otherPurpose = (sub: string, signingKey: Buffer) => {
  const subject = Buffer.from(sub, 'utf8').toString('base64url');
  const expiry = Math.floor(now / 1000 + 3600).toString(36);
  return `${subject}.${expiry}.${createHmac('sha256', signingKey).update(`download.${subject}.${expiry}`).digest().subarray(0, 16).toString('base64url')}`;
};

describe('unsubscribe tokens', () => {
  it('stay short enough for the router, even for a long subject', () => {
    expect(signUnsubscribeToken(`local-${'f'.repeat(36)}`, key, now).length).toBeLessThanOrEqual(100);
  });

  it('stand for their user until a year after they were signed, then expire', () => {
    const token = signUnsubscribeToken('user-1', key, now);
    expect(checkUnsubscribeToken(token, key, now)).toEqual({ userSub: 'user-1' });
    expect(checkUnsubscribeToken(token, key, now + unsubscribeTokenLifetimeMs - 1000)).toEqual({ userSub: 'user-1' });
    expect(checkUnsubscribeToken(token, key, now + unsubscribeTokenLifetimeMs)).toEqual({ refused: 'expired' });
  });

  it('are refused when forged, cut or signed for another purpose', () => {
    const token = signUnsubscribeToken('user-1', key, now);
    expect(checkUnsubscribeToken(token, randomBytes(32), now)).toEqual({ refused: 'invalid' });
    expect(checkUnsubscribeToken(token.slice(0, -2), key, now)).toEqual({ refused: 'invalid' });
    expect(checkUnsubscribeToken(`${token}.x`, key, now)).toEqual({ refused: 'invalid' });
    expect(checkUnsubscribeToken(otherPurpose('user-1', key), key, now)).toEqual({ refused: 'invalid' });
    // Moving the expiry breaks the signature.
    const [subject, expiry, signature] = token.split('.');
    expect(checkUnsubscribeToken(`${subject}.${(Number.parseInt(expiry!, 36) + 86_400 * 365).toString(36)}.${signature}`, key, now)).toEqual({ refused: 'invalid' });
    expect(checkUnsubscribeToken('', key, now)).toEqual({ refused: 'invalid' });
  });

  it('from before links expired are recognised as outdated (genuine, but refused)', () => {
    expect(checkUnsubscribeToken(outdatedToken('user-1', key), key, now)).toEqual({ refused: 'outdated' });
    expect(checkUnsubscribeToken(outdatedToken('user-1', randomBytes(32)), key, now)).toEqual({ refused: 'invalid' });
  });
});

describe('the unsubscribe page with an expired or outdated link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('turns nothing off, explains, and links to the notification settings', async () => {
    const signingKey = await alertDeps(t.app).unsubscribeKey();
    const sub = testUsers.customer.sub;
    const expired = signUnsubscribeToken(sub, signingKey, Date.now() - unsubscribeTokenLifetimeMs - 60_000);
    for (const token of [expired, outdatedToken(sub, signingKey)]) {
      for (const method of ['GET', 'POST'] as const) {
        const page = await t.app.inject({ method, url: `/unsubscribe/${token}` });
        expect(page.statusCode).toBe(403);
        expect(page.body).toContain('This link has expired');
        expect(page.body).toContain('href="http://localhost:8080/notifications"');
      }
    }
    const preferences = await t.app.inject({ url: '/api/Me/preferences', headers: await t.authHeaders(testUsers.customer) });
    expect(preferences.json().email).not.toBe('off');
    // A fresh link still works.
    const fresh = await t.app.inject({ method: 'POST', url: `/unsubscribe/${signUnsubscribeToken(sub, signingKey)}` });
    expect(fresh.statusCode).toBe(200);
  });
});
