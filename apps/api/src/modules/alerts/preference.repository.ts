import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AlertPreferencesTable } from './alert.tables.ts';

export type PreferenceRow = Selectable<AlertPreferencesTable>;

export async function findPreferences(db: Kysely<Database>, userSub: string): Promise<PreferenceRow | undefined> {
  return db.selectFrom('alert_preferences').selectAll().where('userSub', '=', userSub).executeTakeFirst();
}

/** Stores the whole row (the service merges changes into the defaults first). */
export async function savePreferences(db: Kysely<Database>, row: Omit<PreferenceRow, 'lastDigestAt'>): Promise<void> {
  const { userSub: _userSub, ...changes } = row;
  await db
    .insertInto('alert_preferences')
    .values({ ...row, lastDigestAt: null })
    .onConflict((conflict) => conflict.column('userSub').doUpdateSet(changes))
    .execute();
}

export async function setLastDigestAt(db: Kysely<Database>, userSub: string, at: string): Promise<void> {
  await db.updateTable('alert_preferences').set({ lastDigestAt: at }).where('userSub', '=', userSub).execute();
}
