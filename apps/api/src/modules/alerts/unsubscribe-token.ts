import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadFileUrlSecret, sharedFileUrlSecret } from '../../platform/delivery/file-url-secret.ts';
import type { Database } from '../../platform/db/schema.ts';

/*
 * One-click unsubscribe links work without signing in: the link itself is the credential, an HMAC over
 * the link's one purpose, the user's subject and its expiry. The key is derived from the secret that signs
 * file URLs (same storage, same sharing between servers), under a purpose of its own so that neither token
 * can stand for the other; the purpose inside the signed payload keeps a later token of this key from
 * standing for this one. A link expires a year after its mail was sent: long enough for a mail read
 * months later, short enough that an old mailbox leak does not last forever.
 *
 * Links signed before expiry existed (a bare subject) are refused as `outdated`: the page says so and
 * links to the portal's notification settings, where the user signs in and turns the mails off.
 */

export const unsubscribeTokenLifetimeMs = 365 * 86_400_000;
const purpose = 'unsubscribe-alert-mails';

export interface UnsubscribeKeyConfig {
  dataDir: string;
  FILE_URL_SECRET?: string;
  DATABASE_URL?: string;
}

/** The signing key of unsubscribe links, loaded once per process. */
export function unsubscribeKey(db: Kysely<Database>, config: UnsubscribeKeyConfig): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= (config.DATABASE_URL ? sharedFileUrlSecret(db, config.FILE_URL_SECRET) : loadFileUrlSecret(config.dataDir, config.FILE_URL_SECRET)).then((secret) =>
      createHmac('sha256', secret).update('alerts/unsubscribe').digest(),
    );
    return key;
  };
}

const mac = (payload: string, key: Buffer) => createHmac('sha256', key).update(payload).digest();
/** The signature of a link: the first 128 bits of the HMAC (links must stay short: the router refuses path parameters over 100 characters). */
const linkMac = (subject: string, expiry: string, key: Buffer) => mac(`${purpose}.${subject}.${expiry}`, key).subarray(0, 16);
const sameBytes = (given: Buffer, expected: Buffer) => given.length === expected.length && timingSafeEqual(given, expected);

/** A link for the user, valid for a year from `now`: `<subject>.<expiry>.<signature>` (base64url, base 36 seconds, base64url). */
export function signUnsubscribeToken(userSub: string, key: Buffer, now = Date.now()): string {
  const subject = Buffer.from(userSub, 'utf8').toString('base64url');
  const expiry = Math.floor((now + unsubscribeTokenLifetimeMs) / 1000).toString(36);
  return `${subject}.${expiry}.${linkMac(subject, expiry, key).toString('base64url')}`;
}

export type UnsubscribeTokenCheck = { userSub: string } | { refused: 'invalid' | 'expired' | 'outdated' };

/**
 * The user a token was made for; `invalid` when malformed, tampered with or signed for another purpose
 * (checked in constant time), `expired` after its year, `outdated` for a genuine link from before links expired.
 */
export function checkUnsubscribeToken(token: string, key: Buffer, now = Date.now()): UnsubscribeTokenCheck {
  const parts = token.split('.');
  if (parts.some((part) => !/^[\w-]+$/.test(part))) return { refused: 'invalid' };
  if (parts.length === 2) {
    // `<subject>.<HMAC of the subject>`: the links of mails sent before links expired.
    const [subject, signature] = parts as [string, string];
    return sameBytes(Buffer.from(signature, 'base64url'), mac(subject, key)) ? { refused: 'outdated' } : { refused: 'invalid' };
  }
  if (parts.length !== 3) return { refused: 'invalid' };
  const [subject, expiry, signature] = parts as [string, string, string];
  if (!sameBytes(Buffer.from(signature, 'base64url'), linkMac(subject, expiry, key))) return { refused: 'invalid' };
  const userSub = Buffer.from(subject, 'base64url').toString('utf8');
  const expiresAt = Number.parseInt(expiry, 36) * 1000;
  if (userSub === '' || !Number.isSafeInteger(expiresAt)) return { refused: 'invalid' };
  return expiresAt <= now ? { refused: 'expired' } : { userSub };
}
