import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import type { AccountDirectory } from '../accounts/account-directory.ts';
import { oidcMountPath } from './mount-path.ts';
import { scopeClaims } from './provider.ts';

export interface UserinfoOptions {
  issuer: string;
  /** Audience of the provider's access tokens (the API's). */
  audience: string;
  publicJwks: { keys: JWK[] };
  accounts: AccountDirectory;
  /** Browser origins allowed to call userinfo (the web app's). */
  origins: string[];
  helmet: object;
}

const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * The provider's userinfo endpoint (`/oidc/me`), served here: the provider's own refuses every token
 * it issues for the API's audience (all of them, through the resource indicator), so clients that
 * load userinfo would fail. It releases the claims of the OpenID scopes the token carries.
 */
export async function userinfoRoutes(app: FastifyInstance, options: UserinfoOptions): Promise<void> {
  const keys = createLocalJWKSet(options.publicJwks);
  const refuse = (reply: FastifyReply, status: 401 | 403, error: string, description: string) =>
    reply
      .status(status)
      .header('www-authenticate', `Bearer error="${error}", error_description="${description}"`)
      .header('cache-control', 'no-store')
      .send({ error, error_description: description });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && options.origins.includes(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'origin');
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return refuse(reply, 401, 'invalid_request', 'no bearer access token');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer, audience: options.audience, typ: 'at+jwt', algorithms: ['RS256'], requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return refuse(reply, 401, 'invalid_token', 'invalid access token');
      throw error;
    }
    const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
    if (!scopes.has('openid')) return refuse(reply, 403, 'insufficient_scope', 'access token missing openid scope');
    const claims = await options.accounts.claims(payload.sub!);
    if (!claims) return refuse(reply, 401, 'invalid_token', 'the account is no longer active');
    const released = Object.entries(scopeClaims)
      .filter(([scope]) => scopes.has(scope))
      .flatMap(([, names]) => names);
    return reply.header('cache-control', 'no-store').send(Object.fromEntries(released.map((name) => [name, claims[name]])));
  };

  app.get(`${oidcMountPath}/me`, { helmet: options.helmet }, handler);
  app.post(`${oidcMountPath}/me`, { helmet: options.helmet }, handler);
  app.options(`${oidcMountPath}/me`, async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !options.origins.includes(origin)) return reply.status(204).send();
    return reply
      .status(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-headers', 'authorization')
      .header('access-control-allow-methods', 'GET, POST')
      .header('vary', 'origin')
      .send();
  });
}
