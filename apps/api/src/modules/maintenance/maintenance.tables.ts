export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

/** The tables maintenance owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface MaintenanceTables {
  settings: SettingsTable;
}
