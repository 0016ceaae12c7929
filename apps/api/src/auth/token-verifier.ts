import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { roleSchema, type AuthUser, type Role } from '@portal/contracts/users';
import { unauthorized } from '../platform/errors.ts';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Public keys of the embedded provider; when absent the issuer's JWKS is fetched through its discovery document. */
  localJwks?: { keys: JWK[] };
  /** Reads the embedded provider's public keys again, for a token signed with a key newer than this process (a rotation). */
  reloadLocalJwks?: () => Promise<{ keys: JWK[] }>;
  /**
   * Trust the `email` claim only when the token marks it verified (`email_verified: true`). An external
   * issuer may let users type any address, and `user` audience rules grant access by e-mail.
   */
  requireVerifiedEmail?: boolean;
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/** Unknown key ids make the verifier read the provider's keys again at most this often. */
const keyReloadIntervalMs = 30_000;

/** The local key set, read again (rate-limited) when a token names a key it does not hold. */
function reloadingLocalKeys(initial: { keys: JWK[] }, reload: () => Promise<{ keys: JWK[] }>): JWTVerifyGetKey {
  let current = createLocalJWKSet(initial);
  let lastReloadMs = 0;
  return async (header, token) => {
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - lastReloadMs < keyReloadIntervalMs) throw error;
      lastReloadMs = Date.now();
      current = createLocalJWKSet(await reload());
      return current(header, token);
    }
  };
}

/** Most verified tokens remembered (one per signed-in browser, roughly). */
const verifiedTokenLimit = 10_000;

const signingAlgorithms = ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Maps access-token claims to the user the API works with; unknown roles are dropped. With
 * `requireVerifiedEmail`, an unverified address still names the user but is no e-mail for access.
 */
export function userFromClaims(payload: JWTPayload, { requireVerifiedEmail = false } = {}): AuthUser {
  const roles = Array.isArray(payload.roles) ? payload.roles : [];
  const sub = payload.sub!;
  const claimedEmail = text(payload.email);
  const email = requireVerifiedEmail && payload.email_verified !== true ? '' : (claimedEmail ?? '');
  return {
    sub,
    email,
    name: text(payload.name) ?? claimedEmail ?? sub,
    roles: [...new Set(roles.filter((role): role is Role => roleSchema.safeParse(role).success))],
    account: text(payload.account) ?? null,
  };
}

function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = async () => {
    const discovery = new URL(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    const response = await fetch(discovery, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Discovery at ${discovery.href} answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error(`Discovery at ${discovery.href} has no jwks_uri`);
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    // A failed discovery is retried on the next request rather than cached forever.
    keys ??= discover().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/**
 * Verifies a bearer access token (signature, issuer, audience, expiry) and returns its user.
 * Any verification failure becomes a 401; a failure to reach the issuer's keys is logged as a server error by the caller.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = !options.localJwks
    ? remoteKeys(options.issuer)
    : options.reloadLocalJwks
      ? reloadingLocalKeys(options.localJwks, options.reloadLocalJwks)
      : createLocalJWKSet(options.localJwks);
  // A browser sends the same token with every call until it renews it: checking its signature once
  // is enough. An entry lives no longer than the token itself.
  const verified = new LRUCache<string, { user: AuthUser; expiresAtMs: number }>({ max: verifiedTokenLimit });
  return async (token) => {
    const known = verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.user;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: signingAlgorithms,
        requiredClaims: ['sub', 'exp'],
      });
      const user = userFromClaims(payload, { requireVerifiedEmail: options.requireVerifiedEmail });
      const expiresAtMs = payload.exp! * 1000;
      if (expiresAtMs > Date.now()) verified.set(token, { user, expiresAtMs }, { ttl: expiresAtMs - Date.now() });
      return user;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) throw unauthorized();
      throw error;
    }
  };
}
