import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Key of the `settings` row that holds the end of a maintenance window switched on from the admin side. */
export const maintenanceSettingKey = 'maintenanceUntil';

export interface MaintenanceRepository {
  readUntil(): Promise<string | undefined>;
  /** Stores the end of maintenance (ISO time), or removes it with `null`. */
  writeUntil(until: string | null, now: string): Promise<void>;
}

export function createMaintenanceRepository(db: Kysely<Database>): MaintenanceRepository {
  return {
    async readUntil() {
      const row = await db.selectFrom('settings').select('value').where('key', '=', maintenanceSettingKey).executeTakeFirst();
      return row?.value;
    },
    async writeUntil(until, now) {
      if (until === null) {
        await db.deleteFrom('settings').where('key', '=', maintenanceSettingKey).execute();
        return;
      }
      await db
        .insertInto('settings')
        .values({ key: maintenanceSettingKey, value: until, updatedAt: now })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: until, updatedAt: now }))
        .execute();
    },
  };
}
