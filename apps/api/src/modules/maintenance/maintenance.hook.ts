import type { FastifyInstance } from 'fastify';
import type { MaintenanceBody } from '@portal/contracts/errors';
import { isApiRequest } from '../../auth/api-paths.ts';
import { carriesStaffToken } from '../../auth/staff-token.ts';
import type { TokenVerifier } from '../../auth/token-verifier.ts';
import { maintenanceAdminPath } from './maintenance-admin.ts';
import type { MaintenanceService } from './maintenance.service.ts';

export interface MaintenanceHookOptions {
  /** The verifier authentication uses: staff (employees, publishers, admins) keep working during maintenance. */
  verifyToken: TokenVerifier;
}

/**
 * While maintenance is on, every `/api` call answers 418 `{ data: <ISO end> }`, except for staff: a valid token of an
 * employee, a publisher or an admin passes on to authentication and the route, so they keep the console and can read the portal.
 * Registered before authentication so a user with an expired token still lands on the maintenance page.
 */
export function registerMaintenanceHook(app: FastifyInstance, maintenance: MaintenanceService, options: MaintenanceHookOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    // The admins' switch stays reachable, or maintenance could not be ended from the API (it still needs the admin role).
    if (request.routeOptions.url === maintenanceAdminPath) return;
    const until = await maintenance.activeUntil();
    if (until === undefined) return;
    if (await carriesStaffToken(request, options.verifyToken)) return;
    const body: MaintenanceBody = { data: until };
    return reply.status(418).header('cache-control', 'no-store').send(body);
  });
}
