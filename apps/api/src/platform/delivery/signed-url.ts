import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../errors.ts';

/** Lifetime of a signed file URL unless configured otherwise (SIGNED_URL_TTL_SECONDS). */
export const defaultFileUrlTtlSeconds = 300;

export type FileDisposition = 'inline' | 'attachment';

export interface SignFileUrlOptions {
  storageKey: string;
  /** The real file name, sent back in Content-Disposition. */
  fileName: string;
  mediaType: string;
  /** Whom the URL was handed to (recorded in the signature, so a URL cannot be re-attributed). */
  userSub: string;
  disposition: FileDisposition;
  ttlSeconds?: number;
}

/** What a valid signed URL grants: one stored file, served as described, until `expiresAt` (Unix seconds). */
export interface FileGrant {
  storageKey: string;
  fileName: string;
  mediaType: string;
  userSub: string;
  disposition: FileDisposition;
  expiresAt: number;
}

export const filesPathPrefix = '/files/';

type Payload = [storageKey: string, fileName: string, mediaType: string, disposition: 'i' | 'a', userSub: string, expiresAt: number];

function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/**
 * A short-lived URL for one stored file: `/files/<payload>.<hmac>/<file name>`, prefixed with
 * `publicUrl` when given. The payload carries the storage key, file name, media type,
 * disposition, user and expiry; the HMAC-SHA256 covers all of them. The trailing file name is
 * only for the browser's benefit (save dialogs, viewers); the signed one is what is served.
 */
export function signFileUrl(options: SignFileUrlOptions, secret: string, publicUrl = '', now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + (options.ttlSeconds ?? defaultFileUrlTtlSeconds);
  const fields: Payload = [
    options.storageKey,
    options.fileName,
    options.mediaType,
    options.disposition === 'inline' ? 'i' : 'a',
    options.userSub,
    expiresAt,
  ];
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  const token = `${payload}.${signature(payload, secret).toString('base64url')}`;
  return `${publicUrl}${filesPathPrefix}${token}/${encodeURIComponent(options.fileName)}`;
}

function parsePayload(payload: string): FileGrant | undefined {
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(fields) || fields.length !== 6) return undefined;
    const [storageKey, fileName, mediaType, disposition, userSub, expiresAt] = fields as unknown[];
    if (![storageKey, fileName, mediaType, userSub].every((field) => typeof field === 'string')) return undefined;
    if ((disposition !== 'i' && disposition !== 'a') || !Number.isInteger(expiresAt)) return undefined;
    return {
      storageKey: storageKey as string,
      fileName: fileName as string,
      mediaType: mediaType as string,
      userSub: userSub as string,
      disposition: disposition === 'i' ? 'inline' : 'attachment',
      expiresAt: expiresAt as number,
    };
  } catch {
    return undefined;
  }
}

/** Checks a token's signature (in constant time) and expiry; 403 `forbidden` for anything else. */
export function verifyFileToken(token: string, secret: string, now = Date.now()): FileGrant {
  const refused = () => forbidden('This file link is invalid or has expired.');
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(mac)) {
    throw refused();
  }
  const expected = signature(payload, secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  const grant = parsePayload(payload);
  if (!grant || grant.expiresAt * 1000 <= now) throw refused();
  return grant;
}
