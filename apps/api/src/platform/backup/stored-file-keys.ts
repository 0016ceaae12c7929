import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * One owner's list of the storage keys its rows refer to. Each module that stores files exports one and
 * the composition (modules/stored-files.ts) hands them to the backup: the platform knows no module.
 */
export type StoredFileKeys = (db: Kysely<Database>) => Promise<readonly string[]>;

/** Every storage key the owners' rows refer to, once each, sorted. */
export async function referencedStorageKeys(db: Kysely<Database>, owners: readonly StoredFileKeys[]): Promise<string[]> {
  const lists = await Promise.all(owners.map((keysOf) => keysOf(db)));
  return [...new Set(lists.flat())].sort();
}
