import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from '../platform/errors.ts';
import { redactedTarget } from './request-log.ts';

/** Paths that belong to the server, never to the web app's router. */
const serverPrefixes = ['/api', '/oidc', '/files', '/healthz'];

function isServerPath(path: string): boolean {
  return serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  const accept = request.headers.accept ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && (accept.includes('text/html') || accept.includes('*/*'));
}

const notBuilt = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.\n';

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else revalidated,
 * and index.html for any page address the web app's router handles (history fallback).
 * Called on the root instance because it sets the application-wide not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, options: { webDistDir: string }): Promise<void> {
  const built = existsSync(join(options.webDistDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      index: false,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(options.webDistDir, 'assets')}/`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply) =>
    built
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuilt);

  // The root is a directory to the static plugin; it is the web app's home page.
  app.get('/', async (_request, reply) => sendPage(reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendPage(reply);
    throw routeNotFound(request.method, redactedTarget(request.url));
  });
}
