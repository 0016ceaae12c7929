import type { Kysely } from 'kysely';
import { mailLanguages, type EmailFrequency, type MailLanguage, type Preferences, type UpdatePreferencesBody } from '@portal/contracts/alerts';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { findPreferences, savePreferences, setLastDigestAt, type PreferenceRow } from './preference.repository.ts';

/** Neither the issue nor the specification names a default: a daily digest, so that nobody is flooded. */
export const defaultPreferences: Preferences = { email: 'daily', autoFollowDownloads: true, language: 'en-US' };

export const mailLanguageOf = (language: string | null | undefined): MailLanguage =>
  (mailLanguages as readonly string[]).includes(language ?? '') ? (language as MailLanguage) : defaultPreferences.language;

export function toPreferences(row: PreferenceRow | undefined): Preferences {
  if (!row) return defaultPreferences;
  return { email: row.email, autoFollowDownloads: row.autoFollowDownloads === 1, language: mailLanguageOf(row.language) };
}

/** The mail frequency a stored value (or none) stands for. */
export const frequencyOf = (email: string | null | undefined): EmailFrequency => (email as EmailFrequency | null) ?? defaultPreferences.email;

export async function getPreferences(db: Kysely<Database>, userSub: string): Promise<Preferences> {
  return toPreferences(await findPreferences(db, userSub));
}

/** GET /api/Me/preferences */
export const myPreferences = (db: Kysely<Database>, user: AuthUser) => getPreferences(db, user.sub);

async function changePreferences(db: Kysely<Database>, userSub: string, changes: UpdatePreferencesBody): Promise<Preferences> {
  const next = { ...(await getPreferences(db, userSub)), ...changes };
  await savePreferences(db, {
    userSub,
    email: next.email,
    autoFollowDownloads: next.autoFollowDownloads ? 1 : 0,
    language: next.language,
    updatedAt: new Date().toISOString(),
  });
  return next;
}

/** PUT /api/Me/preferences: the fields given change, the others keep their value. */
export const updateMyPreferences = (db: Kysely<Database>, user: AuthUser, changes: UpdatePreferencesBody) => changePreferences(db, user.sub, changes);

/** The one-click unsubscribe: no more mails (notifications in the portal go on). */
export const turnOffMails = (db: Kysely<Database>, userSub: string) => changePreferences(db, userSub, { email: 'off' });

/** Remembers when the user's last digest went out (storing the defaults first for a user who never chose). */
export async function recordDigest(db: Kysely<Database>, userSub: string, at: string): Promise<void> {
  if (!(await findPreferences(db, userSub))) await changePreferences(db, userSub, {});
  await setLastDigestAt(db, userSub, at);
}
