import type { FastifyRequest } from 'fastify';
import { bearerTokenOf } from './authenticate.ts';
import { publishingRoles } from './require-role.ts';
import type { TokenVerifier } from './token-verifier.ts';

/**
 * True when the request carries a valid token of a publisher or an admin (staff); any other token, none or a broken
 * one is not staff. For policies that run before authentication (maintenance lets staff through).
 */
export async function carriesStaffToken(request: FastifyRequest, verifyToken: TokenVerifier): Promise<boolean> {
  const token = bearerTokenOf(request);
  if (!token) return false;
  try {
    const { roles } = await verifyToken(token);
    return publishingRoles.some((role) => roles.includes(role));
  } catch {
    return false;
  }
}
