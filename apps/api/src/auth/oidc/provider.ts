import Provider, { errors, type Adapter, type Configuration } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { SigningKeys } from '../signing-keys.ts';
import { findDemoAccount } from './demo-accounts.ts';
import { oidcMountPath } from './mount-path.ts';
import { errorPageSource, logoutPageSource, postLogoutPageSource } from './provider-pages.ts';

/** Resource indicator of the portal API; access tokens for it are JWTs with the configured audience. */
export const apiResource = (config: Config) => `${config.publicUrl}/api`;

const hour = 60 * 60;
const day = 24 * hour;

/**
 * The embedded OpenID Connect provider (used when OIDC_ISSUER is not set) with the demo accounts.
 * `adapter` stores its sessions, grants, codes and tokens where every process finds them.
 */
export function createOidcProvider(config: Config, keys: SigningKeys, adapter: (model: string) => Adapter): Provider {
  const origins = config.webOrigins;
  const resource = apiResource(config);

  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'Technical Resources Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: 'openid profile email offline_access',
        redirect_uris: origins.map((origin) => `${origin}/login/callback`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
    ],
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['name', 'roles', 'account'], email: ['email', 'email_verified'] },
    // The portal's web app reads the user's name from the ID token; putting profile claims there spares a userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    interactions: { url: (_ctx, interaction) => `${oidcMountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { logoutSource: logoutPageSource(config), postLogoutSuccessSource: postLogoutPageSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: 'api', audience: config.OIDC_AUDIENCE, accessTokenFormat: 'jwt', accessTokenTTL: hour, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    findAccount: (_ctx, sub) => {
      const account = config.demoAccounts ? findDemoAccount(sub) : undefined;
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name, roles: account.roles, account: account.account }),
      };
    },
    extraTokenClaims: (_ctx, token) => {
      const account = config.demoAccounts && 'accountId' in token && token.accountId ? findDemoAccount(token.accountId) : undefined;
      return account && { email: account.email, name: account.name, roles: account.roles, account: account.account };
    },
    renderError: errorPageSource(config),
    ttl: {
      AccessToken: hour,
      AuthorizationCode: 60,
      IdToken: hour,
      Interaction: hour,
      RefreshToken: 14 * day,
      Session: 14 * day,
      Grant: 14 * day,
    },
  };

  const provider = new Provider(config.oidcIssuer, configuration);
  // An https PUBLIC_URL means a TLS-terminating proxy in front: trust its X-Forwarded-* headers for the URLs the provider builds.
  provider.proxy = config.publicUrl.startsWith('https:');
  return provider;
}
