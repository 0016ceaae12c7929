import type { Role } from './users.ts';

/**
 * Roles that use the publishing console (`/admin`) and every `/api/Admin` content route. Kept free
 * of zod so that the web app's header can check it without loading the schemas.
 */
export const consoleRoles = ['publisher', 'admin'] as const satisfies readonly Role[];

export function canUseConsole(roles: readonly string[]): boolean {
  return consoleRoles.some((role) => roles.includes(role));
}

/**
 * Staff: while maintenance is on they keep working (the console as far as their roles reach, and the portal) and
 * see that it is on; everyone else gets the maintenance page.
 */
export const staffRoles = ['employee', 'publisher', 'admin'] as const satisfies readonly Role[];

export function isStaffMember(roles: readonly string[]): boolean {
  return staffRoles.some((role) => roles.includes(role));
}
