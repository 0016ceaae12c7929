import type { Generated } from 'kysely';

/*
 * Conventions shared by every table, so one query runs on SQLite and PostgreSQL alike:
 * - ids are text (UUIDs or stable references);
 * - times are ISO-8601 text in UTC (sortable as text);
 * - booleans are integers 0/1;
 * - JSON lists are text, parsed by the repository that owns them.
 */

export interface UsersTable {
  id: string;
  sub: string;
  email: string;
  name: string;
  roles: string;
  account: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

export interface Database {
  users: UsersTable;
  settings: SettingsTable;
}

export type { Generated };
