import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Role } from '@portal/contracts/users';
import { publishingRoles, requireRole } from './require-role.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The roles this route needs, checked by the role hook before validation (console routes have theirs from the path). */
    roles?: readonly Role[];
  }
}

export const adminPrefix = '/api/Admin';

/**
 * Parts of the console that stay with `admin` alone (the audit log, maintenance, the mail outbox, users and
 * accounts); every other `/api/Admin` route is for the publishing roles (publisher, admin).
 */
const adminOnlyPrefixes = ['/api/Admin/audit', '/api/Admin/maintenance', '/api/Admin/outbox', '/api/Admin/users', '/api/Admin/accounts'];

const underPrefix = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The roles a console route needs, or undefined for a route outside `/api/Admin`. */
export function consoleRolesOf(url: string): readonly Role[] | undefined {
  if (!underPrefix(url, adminPrefix)) return undefined;
  return adminOnlyPrefixes.some((prefix) => underPrefix(url, prefix)) ? ['admin'] : publishingRoles;
}

/**
 * One role check for every gated route: a route under `/api/Admin`, whichever module adds it, and any route
 * declaring `config: { roles }` get an `onRequest` hook that answers 401/403 before its parameters, query or body are parsed or validated
 * (a caller without the role learns nothing from a 400 about the schema, and uploads nothing). Register
 * it before the module routes and after authentication (whose `onRequest` hook, app-wide, runs first).
 */
export function registerAdminRoleHook(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const roles = (route.config as { roles?: readonly Role[] } | undefined)?.roles ?? consoleRolesOf(route.url);
    if (!roles) return;
    const check: onRequestHookHandler = async (request: FastifyRequest) => requireRole(request, ...roles);
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...own];
  });
}
