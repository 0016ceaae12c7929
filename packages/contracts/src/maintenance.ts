import { z } from 'zod';

/** Body of `PUT /api/Admin/maintenance` (admin only): the end of a maintenance window to switch on, or null to switch it off. */
export const maintenanceChangeSchema = z.object({ until: z.iso.datetime({ offset: true }).nullable() });
export type MaintenanceChange = z.infer<typeof maintenanceChangeSchema>;

/** Answer of `GET` and `PUT /api/Admin/maintenance`. */
export const maintenanceStateSchema = z.object({
  /** The window switched on from the admin side (stored in the database), or null. */
  until: z.string().nullable(),
  /** When maintenance ends as every API call sees it (the later of `until` and MAINTENANCE_UNTIL), or null while the API is available. */
  activeUntil: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

/** Answer of `GET /api/Maintenance` (staff: employees, publishers, admins): whether maintenance is on, for their banner. */
export const maintenanceNoticeSchema = maintenanceStateSchema.pick({ activeUntil: true });
export type MaintenanceNotice = z.infer<typeof maintenanceNoticeSchema>;
