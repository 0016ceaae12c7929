import type { Kysely } from 'kysely';
import type { MaintenanceState } from '@portal/contracts/maintenance';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { createMaintenanceRepository } from './maintenance.repository.ts';
import type { MaintenanceService } from './maintenance.service.ts';

/** Where admins switch maintenance on and off; the maintenance hook lets it through. */
export const maintenanceAdminPath = '/api/Admin/maintenance';

export interface MaintenanceAdminDeps {
  db: Kysely<Database>;
  maintenance: MaintenanceService;
}

export async function maintenanceState(deps: MaintenanceAdminDeps): Promise<MaintenanceState> {
  const until = (await createMaintenanceRepository(deps.db).readUntil()) ?? null;
  return { until, activeUntil: (await deps.maintenance.activeUntil()) ?? null };
}

/** Switches maintenance on until a future time, or off with null; the change and its audit entry commit together. */
export async function changeMaintenance(deps: MaintenanceAdminDeps, context: AuditContext, until: string | null): Promise<MaintenanceState> {
  const next = until === null ? null : new Date(until).toISOString();
  if (next !== null && Date.parse(next) <= Date.now()) {
    throw badRequest('invalidParameters', 'The end of maintenance must be in the future.', [{ path: 'body.until', message: 'is in the past' }]);
  }
  await deps.db.transaction().execute(async (trx) => {
    const repository = createMaintenanceRepository(trx);
    const before = (await repository.readUntil()) ?? null;
    await repository.writeUntil(next, new Date().toISOString());
    await recordAudit(trx, context, { action: 'maintenance', object: { kind: 'maintenance', id: 'portal' }, before: { until: before }, after: { until: next } });
  });
  await deps.maintenance.changed();
  return maintenanceState(deps);
}
