import { describe, expect, it } from 'vitest';
import { signFileUrl, verifyFileToken, type SignFileUrlOptions } from './signed-url.ts';

const secret = 'test-secret-test-secret-test-secret';
const options: SignFileUrlOptions = {
  storageKey: 'ab/cd/abcd',
  fileName: 'Gripper manual (ü).pdf',
  mediaType: 'application/pdf',
  userSub: 'sub-1',
  disposition: 'attachment',
};
const now = Date.parse('2026-01-01T00:00:00Z');

function tokenOf(url: string): string {
  return url.split('/files/')[1].split('/')[0];
}

describe('signed file URLs', () => {
  it('round-trips every signed field and expires after five minutes by default', () => {
    const url = signFileUrl(options, secret, '', now);
    expect(url).toMatch(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/Gripper%20manual%20\(%C3%BC\)\.pdf$/);
    expect(verifyFileToken(tokenOf(url), secret, now)).toEqual({ ...options, expiresAt: now / 1000 + 300 });
    expect(verifyFileToken(tokenOf(url), secret, now + 299_000).storageKey).toBe('ab/cd/abcd');
    expect(() => verifyFileToken(tokenOf(url), secret, now + 300_000)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('honours a custom lifetime and a public URL prefix', () => {
    const url = signFileUrl({ ...options, ttlSeconds: 10 }, secret, 'https://portal.example.com', now);
    expect(url.startsWith('https://portal.example.com/files/')).toBe(true);
    expect(verifyFileToken(tokenOf(url), secret, now).expiresAt).toBe(now / 1000 + 10);
  });

  it('refuses another secret, a changed payload, a changed signature and junk', () => {
    const token = tokenOf(signFileUrl(options, secret, '', now));
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify(['ab/cd/other', options.fileName, options.mediaType, 'a', options.userSub, now / 1000 + 300]),
    ).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const refused = [
      [payload, mac].join('.').replace(/^./, (char) => (char === 'W' ? 'X' : 'W')),
      `${forged}.${mac}`,
      `${payload}.${flipped}`,
      `${payload}.${mac.slice(0, 10)}`,
      `${payload}.`,
      payload,
      `${payload}.${mac}.extra`,
      '',
      '..',
      `${payload}.${mac}=`,
    ];
    for (const candidate of refused) {
      expect(() => verifyFileToken(candidate, secret, now), candidate).toThrow(expect.objectContaining({ statusCode: 403, code: 'forbidden' }));
    }
    expect(() => verifyFileToken(token, 'another-secret-another-secret-xx', now)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('binds the user and the disposition into the signature', () => {
    const first = tokenOf(signFileUrl(options, secret, '', now));
    const second = tokenOf(signFileUrl({ ...options, userSub: 'sub-2' }, secret, '', now));
    const inline = tokenOf(signFileUrl({ ...options, disposition: 'inline' }, secret, '', now));
    expect(new Set([first, second, inline]).size).toBe(3);
    const [payloadOfSecond] = second.split('.');
    const [, macOfFirst] = first.split('.');
    expect(() => verifyFileToken(`${payloadOfSecond}.${macOfFirst}`, secret, now)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});
