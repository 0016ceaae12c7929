import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Headers of a route that sets its own `helmet` options, computed when the route is added. */
    securityHeaders?: HeaderSet;
  }
  interface RouteShorthandOptions {
    /** Helmet options for this route, merged over the app's (as @fastify/helmet's route option). */
    helmet?: HelmetOptions;
  }
}

interface HeaderSet {
  set: Array<[string, string]>;
  removed: string[];
}

/** The headers helmet sets for these options, found once by running it against a recording response. */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => removed.push(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return { set: [...set], removed };
}

/**
 * Helmet's security headers on every response, with the header values built once instead of on
 * every request (@fastify/helmet builds them per request: a measurable share of a small API call).
 * A route may pass `helmet` options, merged over the app's, like @fastify/helmet's route option.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const appHeaders = helmetHeaders(options);
    app.addHook('onRoute', (route) => {
      if (!route.helmet) return;
      route.config = { ...route.config, securityHeaders: helmetHeaders({ ...options, ...route.helmet } as HelmetOptions) };
    });
    app.addHook('onRequest', async (request, reply) => {
      const headers = request.routeOptions.config.securityHeaders ?? appHeaders;
      for (const [name, value] of headers.set) reply.header(name, value);
      for (const name of headers.removed) reply.removeHeader(name);
    });
  },
  { name: 'security-headers' },
);
