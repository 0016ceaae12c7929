import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import { buildApp } from '../app.ts';
import { demoAccounts } from '../auth/oidc/demo-accounts.ts';
import { loadSigningKeys } from '../auth/signing-keys.ts';
import { loadConfig, type Config } from '../config.ts';
import type { DialectName } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { createTestDatabase } from './test-databases.ts';

export type TestUserInput = Partial<AuthUser> & { sub: string };

function demoUser(role: 'customer' | 'partner' | 'employee' | 'publisher' | 'admin'): AuthUser {
  const { sub, email, name, roles, account } = demoAccounts.find((candidate) => candidate.roles[0] === role)!;
  return { sub, email, name, roles, account };
}

/** The demo accounts of the embedded provider, as the API sees them. */
export const testUsers = {
  customer: demoUser('customer'),
  partner: demoUser('partner'),
  employee: demoUser('employee'),
  publisher: demoUser('publisher'),
  admin: demoUser('admin'),
} as const;

export interface SignOptions {
  issuer: string;
  audience: string;
  /** Seconds since the epoch; one hour from now by default. */
  expiresAt?: number;
}

/** Signs an access token like the provider does (RS256 JWT, `at+jwt`); tests use it to forge good and bad tokens. */
export async function signTestToken(privateJwk: JWK, payload: JWTPayload, options: SignOptions): Promise<string> {
  const key = await importJWK(privateJwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: privateJwk.kid })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(key);
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** The embedded provider's private signing key (tests forge bad tokens with it). */
  signingKey: JWK;
  /** A valid access token for this user, checked by the app's real verification path. */
  tokenFor(user: TestUserInput): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  authHeaders(user: TestUserInput): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database of the given dialect, with the embedded provider's keys in a
 * temporary DATA_DIR. `configOverrides` are environment variables (e.g. `{ API_SUBSCRIPTION_KEY: 'k' }`).
 */
export async function createTestApp(dialect: DialectName, configOverrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', ...configOverrides });
  const database = await createTestDatabase(dialect);
  const app = await buildApp({ config, database });
  await app.ready();
  const signingKey = (await loadSigningKeys(config.dataDir)).privateJwks.keys[0]!;

  const tokenFor = ({ sub, email = `${sub}@example.com`, name = sub, roles = [], account = null }: TestUserInput) =>
    signTestToken(signingKey, { sub, email, name, roles, account }, { issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE });

  return {
    app,
    db: database.db,
    config,
    signingKey,
    tokenFor,
    authHeaders: async (user) => ({ authorization: `Bearer ${await tokenFor(user)}` }),
    async close() {
      await app.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
