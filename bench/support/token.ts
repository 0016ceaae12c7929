import type { AuthUser } from '@portal/contracts/users';
import { loadProviderKeys } from '../../apps/api/src/auth/signing-keys.ts';
import { signTestToken } from '../../apps/api/src/test/test-app.ts';
import { openTargetDatabase, targetConfig, type BenchTarget } from './database.ts';

/**
 * Signs bearer tokens the API at `baseUrl` accepts, valid for two hours, with the embedded
 * provider's current key, found where the API finds it (DATA_DIR, or the database with --database-url).
 */
export async function tokenMinter(target: BenchTarget, baseUrl: string): Promise<(user: AuthUser) => Promise<string>> {
  const config = targetConfig(target, baseUrl);
  const handle = openTargetDatabase(target);
  const key = await loadProviderKeys(config, handle.db)
    .then((keys) => keys.privateJwks.keys[0]!)
    .finally(() => handle.db.destroy());
  return (user) => signTestToken(key, { ...user }, { issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE, expiresAt: Math.floor(Date.now() / 1000) + 7200 });
}

/** One token (see tokenMinter). */
export async function mintToken(target: BenchTarget, baseUrl: string, user: AuthUser): Promise<string> {
  return (await tokenMinter(target, baseUrl))(user);
}

/** The demo customer (account ACME-001): not staff, so every call goes through the audience filter. */
export const benchCustomer: AuthUser = {
  sub: 'demo-customer',
  email: 'customer@demo.example',
  name: 'Carla Customer',
  roles: ['customer'],
  account: 'ACME-001',
};
