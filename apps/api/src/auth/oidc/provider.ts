import Provider, { errors, type Adapter, type Configuration } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { AccountDirectory } from '../accounts/account-directory.ts';
import type { SigningKeys } from '../signing-keys.ts';
import { oidcMountPath } from './mount-path.ts';
import { errorPageSource, logoutPageSource, postLogoutPageSource } from './provider-pages.ts';

/** Resource indicator of the portal API; access tokens for it are JWTs with the configured audience. */
export const apiResource = (config: Config) => `${config.publicUrl}/api`;

/** Which claims each scope releases, in the ID token and at userinfo. */
export const scopeClaims = { openid: ['sub'], profile: ['name', 'roles', 'account'], email: ['email', 'email_verified'] } as const;

const hour = 60 * 60;
const day = 24 * hour;

export interface ProviderParts {
  keys: SigningKeys;
  /** Stores sessions, grants, codes and tokens where every process finds them. */
  adapter: (model: string) => Adapter;
  accounts: AccountDirectory;
}

/** The embedded OpenID Connect provider (used when OIDC_ISSUER is not set) with local and demo accounts. */
export function createOidcProvider(config: Config, { keys, adapter, accounts }: ProviderParts): Provider {
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
    claims: { openid: [...scopeClaims.openid], profile: [...scopeClaims.profile], email: [...scopeClaims.email] },
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
          // The OpenID scopes ride along in the token's `scope`: userinfo (served by the portal) releases claims by them.
          return { scope: 'api openid profile email', audience: config.OIDC_AUDIENCE, accessTokenFormat: 'jwt', accessTokenTTL: hour, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const claims = await accounts.claims(sub);
      return claims && { accountId: sub, claims: () => ({ ...claims }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const claims = 'accountId' in token && token.accountId ? await accounts.claims(token.accountId) : undefined;
      return claims && { email: claims.email, name: claims.name, roles: claims.roles, account: claims.account };
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
