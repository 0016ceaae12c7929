import type { FastifyInstance } from 'fastify';

/** Spec §1: a service worker at /sw.js whose handlers all do nothing (it makes the portal installable, nothing more). */
export const serviceWorkerSource = `// Technical Resources Portal service worker: registered at scope '/', intentionally inert.
self.addEventListener('install', () => {});
self.addEventListener('activate', () => {});
self.addEventListener('fetch', () => {});
`;

export async function serviceWorkerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sw.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('service-worker-allowed', '/')
      .header('cache-control', 'no-cache')
      .send(serviceWorkerSource),
  );
}
