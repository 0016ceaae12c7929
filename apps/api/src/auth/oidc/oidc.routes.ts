import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { redactedTarget } from '../../web/request-log.ts';
import { ownOriginCsp } from '../../web/security-headers.ts';
import { oidcMountPath } from './mount-path.ts';
import { pageStylesheet } from './page-assets.ts';
import { interactionRoutes } from './interaction.routes.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { AccountDirectory } from '../accounts/account-directory.ts';
import { userinfoRoutes, type UserinfoOptions } from './userinfo.routes.ts';

export interface OidcRoutesOptions {
  provider: Provider;
  /** Origins the provider may redirect the browser to after a form post (CSP form-action also covers redirects). */
  redirectOrigins: string[];
  /** The published demo accounts may sign in (see Config.demoAccounts). */
  demoAccounts: boolean;
  accounts: AccountDirectory;
  throttle: SignInThrottle;
  userinfo: Omit<UserinfoOptions, 'accounts' | 'helmet'>;
}

/** CSP of the provider's pages: own files only, plus form posts that end on the web app's callback. */
function providerHelmet(redirectOrigins: string[]) {
  return {
    contentSecurityPolicy: ownOriginCsp({
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      formAction: ["'self'", ...redirectOrigins],
      frameAncestors: ["'self'", ...redirectOrigins],
    }),
  };
}

/**
 * Mounts the embedded OpenID Connect provider under /oidc. Fastify hands the raw request over
 * untouched (no body parsing) and the provider learns its mount path from `originalUrl`.
 */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const helmet = providerHelmet(options.redirectOrigins);
  // The provider swallows its own failures unless told; its addresses carry codes and hints, so only a redacted one is logged.
  options.provider.on('server_error', (ctx: { originalUrl?: string; url: string }, error: unknown) => {
    app.log.error({ err: error, url: redactedTarget(ctx.originalUrl ?? ctx.url) }, 'sign-in provider failed');
  });
  const assets = { 'pages.css': ['text/css', pageStylesheet] } as const;

  app.get<{ Params: { file: string } }>(`${oidcMountPath}/assets/:file`, { helmet }, async (request, reply) => {
    const asset = assets[request.params.file as keyof typeof assets];
    if (!asset) return reply.callNotFound();
    return reply.type(`${asset[0]}; charset=utf-8`).header('cache-control', 'public, max-age=3600').send(asset[1]);
  });

  await app.register(userinfoRoutes, { ...options.userinfo, accounts: options.accounts, helmet });
  await app.register(interactionRoutes, { provider: options.provider, helmet, demoAccounts: options.demoAccounts, accounts: options.accounts, throttle: options.throttle });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave every body unread: the provider parses the stream itself.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = options.provider.callback();
    const forward = (raw: IncomingMessage & { originalUrl?: string }, response: Parameters<typeof callback>[1]) => {
      const url = raw.url ?? oidcMountPath;
      const rest = url.slice(oidcMountPath.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      return callback(raw, response);
    };
    for (const path of [oidcMountPath, `${oidcMountPath}/*`]) {
      scope.all(path, { helmet }, async (request, reply) => {
        // The provider writes to the raw response, past Fastify: hand it the security headers of this route first.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        reply.hijack();
        await forward(request.raw, reply.raw);
      });
    }
  });
}
