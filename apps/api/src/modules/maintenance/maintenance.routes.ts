import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoles } from '@portal/contracts/admin-console';
import { maintenanceChangeSchema, maintenanceNoticeSchema, maintenanceStateSchema } from '@portal/contracts/maintenance';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { changeMaintenance, maintenanceAdminPath, maintenanceState } from './maintenance-admin.ts';
import type { MaintenanceService } from './maintenance.service.ts';

/** Maintenance mode on and off (admin only; publishers cannot), and whether it is on for every staff member's banner. */
export async function maintenanceRoutes(app: FastifyInstance, options: { maintenance: MaintenanceService }): Promise<void> {
  const deps = { db: app.db, maintenance: options.maintenance };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Role gate: the console's admin-role hook (auth/admin-role.hook.ts) answers 401/403 before validation.

  routes.get(maintenanceAdminPath, { schema: { response: { 200: maintenanceStateSchema, ...errorResponses } } }, () => maintenanceState(deps));

  // Staff alone reach it while maintenance is on (the hook answers everyone else 418); the roles keep it theirs when off too.
  routes.get(
    '/api/Maintenance',
    { config: { roles: staffRoles }, schema: { response: { 200: maintenanceNoticeSchema, ...errorResponses } } },
    async () => ({ activeUntil: (await options.maintenance.activeUntil()) ?? null }),
  );

  routes.put(
    maintenanceAdminPath,
    { schema: { body: maintenanceChangeSchema, response: { 200: maintenanceStateSchema, ...errorResponses } } },
    (request) => changeMaintenance(deps, auditContextOf(request), request.body.until),
  );
}
