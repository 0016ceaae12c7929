import type { FastifyRequest } from 'fastify';
import type { Role } from '@portal/contracts/users';
import { forbidden, unauthorized } from '../platform/errors.ts';

/** Throws 403 unless the signed-in user holds at least one of the roles (401 when nobody is signed in). */
export function requireRole(request: FastifyRequest, ...roles: Role[]): void {
  if (!request.user) throw unauthorized();
  if (!roles.some((role) => request.user.roles.includes(role))) {
    throw forbidden(`This needs one of the roles: ${roles.join(', ')}.`);
  }
}

/**
 * Roles that publish content: every `/api/Admin` content route (documents, software, CAD, imports).
 * Users, maintenance, settings and the audit log stay with `admin` alone.
 */
export const publishingRoles = ['publisher', 'admin'] as const satisfies readonly Role[];

/** Throws 403 unless the user publishes content (publisher or admin), 401 when nobody is signed in. */
export function requirePublisher(request: FastifyRequest): void {
  requireRole(request, ...publishingRoles);
}
