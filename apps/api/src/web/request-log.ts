import type { FastifyRequest } from 'fastify';
import { routerPath } from '../auth/api-paths.ts';

/** Path prefixes whose next segment is a bearer credential (signed file token, video player token, unsubscribe link). */
const tokenPrefixes = ['/files/', '/player/', '/unsubscribe/'];

const hidden = '[redacted]';

/**
 * A request target fit for the logs: the query string (authorization codes, id_token_hint, signed
 * parameters) is dropped and the token segment of `/files/<token>/…`, `/player/<token>/…` and
 * `/unsubscribe/<token>` is replaced. The path is decoded first, as the router decodes it, so an escaped prefix hides nothing.
 */
export function redactedTarget(target: string): string {
  const hasQuery = target.includes('?');
  const path = routerPath(target);
  const lower = path.toLowerCase();
  const prefix = tokenPrefixes.find((candidate) => lower.startsWith(candidate) || lower === candidate.slice(0, -1));
  let shown = path;
  if (prefix && path.length > prefix.length) {
    const tokenEnd = path.indexOf('/', prefix.length);
    shown = `${path.slice(0, prefix.length)}${hidden}${tokenEnd === -1 ? '' : path.slice(tokenEnd)}`;
  }
  return hasQuery ? `${shown}?${hidden}` : shown;
}

type LoggedRequest = Record<string, unknown> & { method: string; url: string };

/** Fastify's request serializer, with the target redacted; headers (Authorization, cookies) are never logged. */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  return {
    method: request.method,
    url: redactedTarget(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const requestLogSerializers = { req: serializeRequest };
