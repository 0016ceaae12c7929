import type { FastifyRequest } from 'fastify';
import { bearerTokenOf } from './authenticate.ts';
import { isStaffMember } from '@portal/contracts/admin-console';
import type { TokenVerifier } from './token-verifier.ts';

/**
 * True when the request carries a valid token of an employee, a publisher or an admin (staff); any other token, none
 * or a broken one is not staff. For policies that run before authentication (maintenance lets staff through).
 */
export async function carriesStaffToken(request: FastifyRequest, verifyToken: TokenVerifier): Promise<boolean> {
  const token = bearerTokenOf(request);
  if (!token) return false;
  try {
    const { roles } = await verifyToken(token);
    return isStaffMember(roles);
  } catch {
    return false;
  }
}
