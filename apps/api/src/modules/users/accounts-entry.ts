import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { insertMissingAccounts, type AccountKindValue } from './account.repository.ts';
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
