import type { AuthUser } from '@portal/contracts/users';
import { loadSigningKeys } from '../../apps/api/src/auth/signing-keys.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { signTestToken } from '../../apps/api/src/test/test-app.ts';

/** A bearer token the API at `baseUrl` accepts: signed with the embedded provider's key in DATA_DIR, valid for two hours. */
export async function mintToken(dataDir: string, baseUrl: string, user: AuthUser): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: baseUrl });
  const key = (await loadSigningKeys(config.dataDir)).privateJwks.keys[0]!;
  const expiresAt = Math.floor(Date.now() / 1000) + 7200;
  return signTestToken(key, { ...user }, { issuer: config.oidcIssuer, audience: config.OIDC_AUDIENCE, expiresAt });
}

/** The demo customer (account ACME-001): not staff, so every call goes through the audience filter. */
export const benchCustomer: AuthUser = {
  sub: 'demo-customer',
  email: 'customer@demo.example',
  name: 'Carla Customer',
  roles: ['customer'],
  account: 'ACME-001',
};
