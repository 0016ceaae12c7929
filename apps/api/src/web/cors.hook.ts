import type { FastifyInstance } from 'fastify';
import { subscriptionKeyHeader } from '@portal/contracts/web-config';
import { isApiRequest } from '../auth/api-paths.ts';

const allowedHeaders = ['authorization', 'content-type', 'cache-control', 'pragma', 'access-control-allow-origin', subscriptionKeyHeader.toLowerCase()];

/**
 * CORS for the API when the web app runs on another origin of the portal (the Vite dev server).
 * Preflights are answered before maintenance and authentication, which would otherwise refuse them.
 */
export function registerApiCors(app: FastifyInstance, origins: string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !isApiRequest(request) || !origins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method !== 'OPTIONS') return;
    return reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', allowedHeaders.join(', '))
      .header('access-control-max-age', '600')
      .send();
  });
}
