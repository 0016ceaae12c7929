import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findAccounts, insertMissingAccounts, type AccountKindValue } from './account.repository.ts';
import { isSeenUserDisabled } from './user-admin.repository.ts';

/** Adds the accounts (with their serving partners) not stored yet; existing ones stay as an admin left them (the demo seed). */
export async function ensureAccounts(
  db: Kysely<Database>,
  accounts: ReadonlyArray<{ id: string; name: string; kind: AccountKindValue; partners?: readonly string[] }>,
): Promise<void> {
  await insertMissingAccounts(db, accounts, new Date().toISOString());
}

/**
 * Whether an admin disabled the user seen under this subject (the embedded sign-in refuses them, as it refuses a
 * disabled local account, whose flag the auth keeps itself).
 */
export const isSubjectDisabled = (db: Kysely<Database>) => (sub: string) => isSeenUserDisabled(db, sub);

/** The audit log's names of accounts (object kind `company`): "ACME Manufacturing (ACME-001)", by id. */
export async function companyTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { title: string; ref: string }>> {
  const rows = await findAccounts(db, ids);
  return new Map(rows.map((row) => [row.id, { title: row.name === row.id ? row.id : `${row.name} (${row.id})`, ref: row.id }]));
}
