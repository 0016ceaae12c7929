import type { FastifyRequest } from 'fastify';

/** True for the paths of the product API (`/api` and below), which need a token and obey maintenance. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
}

/** The path of a request target as the router sees it: absolute form reduced to its path, percent-escapes decoded. */
export function routerPath(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  const query = path.indexOf('?');
  if (query !== -1) path = path.slice(0, query);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a request belongs to the product API. Decided on the route the router matched, never on
 * the raw target: `/%61pi/Me` and `http://host/api/Me` reach the `/api/Me` handler too. A request
 * that matched no `/api` route (none at all, or the static files' wildcard) is also judged on its
 * decoded path, so unknown API addresses answer like known ones.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiPath(routerPath(request.url));
}
