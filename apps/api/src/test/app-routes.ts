import type { FastifyInstance } from 'fastify';

export interface AppRoute {
  method: string;
  url: string;
}

/**
 * Every route of a ready app (method and URL as registered), read from Fastify's own route tree
 * (`printRoutes`, one node a line, each indented four characters under its parent).
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch === -1) continue;
    const depth = branch / 4;
    const node = /^(\S*)(?: \(([^)]*)\))?$/.exec(line.slice(branch + 4).trimEnd());
    if (!node) throw new Error(`Unexpected route tree line: ${line}`);
    paths[depth] = `${depth > 0 ? paths[depth - 1] : ''}${node[1]}`;
    paths.length = depth + 1;
    for (const method of node[2]?.split(', ') ?? []) routes.push({ method, url: paths[depth]! });
  }
  return routes;
}

export const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
