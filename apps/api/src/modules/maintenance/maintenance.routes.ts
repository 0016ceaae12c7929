import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintenanceChangeSchema, maintenanceStateSchema } from '@portal/contracts/maintenance';
import { requireRole } from '../../auth/require-role.ts';
import { errorResponses } from '../../platform/errors.ts';
import { auditContextOf } from '../audit/index.ts';
import { changeMaintenance, maintenanceAdminPath, maintenanceState } from './maintenance-admin.ts';
import type { MaintenanceService } from './maintenance.service.ts';

/** Maintenance mode on and off (admin only; publishers cannot). */
export async function maintenanceRoutes(app: FastifyInstance, options: { maintenance: MaintenanceService }): Promise<void> {
  const deps = { db: app.db, maintenance: options.maintenance };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = async (request: FastifyRequest) => requireRole(request, 'admin');

  routes.get(maintenanceAdminPath, { preValidation, schema: { response: { 200: maintenanceStateSchema, ...errorResponses } } }, () => maintenanceState(deps));

  routes.put(
    maintenanceAdminPath,
    { preValidation, schema: { body: maintenanceChangeSchema, response: { 200: maintenanceStateSchema, ...errorResponses } } },
    (request) => changeMaintenance(deps, auditContextOf(request), request.body.until),
  );
}
