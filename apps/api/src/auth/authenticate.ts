import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subscriptionKeyHeader } from '@portal/contracts/web-config';
import type { AuthUser } from '@portal/contracts/users';
import { unauthorized } from '../platform/errors.ts';
import { isApiRequest } from './api-paths.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every `/api` request (routes outside `/api` get no user). */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** A route outside `/api` that needs the bearer token too (the identification link answering a machine). */
    bearerToken?: boolean;
  }
}

export interface AuthenticationOptions {
  verifyToken: TokenVerifier;
  /** When set, `/api` requests must carry it in the subscription-key header. */
  subscriptionKey?: string;
  /** Called once the user is known, before the route runs (the users module records the user here). */
  onAuthenticated?: (request: FastifyRequest, user: AuthUser) => Promise<void>;
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/** The bearer access token of a request's Authorization header, if it carries one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return bearerPattern.exec(request.headers.authorization ?? '')?.[1];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function sameKey(received: string | string[] | undefined, expected: string): boolean {
  return typeof received === 'string' && timingSafeEqual(digest(received), digest(expected));
}

/**
 * Guards every `/api` route: subscription key (when configured), then the bearer access token.
 * Both failures answer 401 so the web app's single 401 handler signs the user in again.
 */
export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) && request.routeOptions.config.bearerToken !== true) return;
    if (options.subscriptionKey !== undefined && !sameKey(request.headers[subscriptionKeyHeader.toLowerCase()], options.subscriptionKey)) {
      throw unauthorized(`The ${subscriptionKeyHeader} header is missing or wrong.`);
    }
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized();
    const user = await options.verifyToken(token);
    request.user = user;
    await options.onAuthenticated?.(request, user);
  });
}
