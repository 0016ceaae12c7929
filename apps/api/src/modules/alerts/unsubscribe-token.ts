import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadFileUrlSecret, sharedFileUrlSecret } from '../../platform/delivery/file-url-secret.ts';
import type { Database } from '../../platform/db/schema.ts';

/*
 * One-click unsubscribe links work without signing in: the link itself is the credential, an HMAC
 * over the user's subject. The key is derived from the secret that signs file URLs (same storage,
 * same sharing between servers), under a purpose of its own so that neither token can stand for the
 * other. Links do not expire: a mail read weeks later must still unsubscribe.
 */

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

export function signUnsubscribeToken(userSub: string, key: Buffer): string {
  const payload = Buffer.from(userSub, 'utf8').toString('base64url');
  return `${payload}.${mac(payload, key).toString('base64url')}`;
}

/** The user a token was made for, or undefined when it is malformed or tampered with (checked in constant time). */
export function verifyUnsubscribeToken(token: string, key: Buffer): string | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = mac(payload, key);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const userSub = Buffer.from(payload, 'base64url').toString('utf8');
  return userSub === '' ? undefined : userSub;
}
