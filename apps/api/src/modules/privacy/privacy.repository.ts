import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/*
 * The one place that knows every table holding personal data (docs/security.md, personal data): the
 * export reads them together, so a table added with personal data is added here too.
 */

export interface PersonKeys {
  sub: string;
  email: string;
}

/** A person by the portal's user id, the subject, or e-mail (case-insensitive), from the users seen or the local accounts. */
export async function findPerson(db: Kysely<Database>, idOrEmail: string): Promise<PersonKeys | undefined> {
  const email = idOrEmail.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['sub', 'email'])
    .where((eb) => eb.or([eb('id', '=', idOrEmail), eb('sub', '=', idOrEmail), eb(eb.fn('lower', ['email']), '=', email)]))
    .orderBy('lastSeenAt', 'desc')
    .executeTakeFirst();
  if (user) return user;
  return db
    .selectFrom('local_accounts')
    .select(['sub', 'email'])
    .where((eb) => eb.or([eb('sub', '=', idOrEmail), eb(eb.fn('lower', ['email']), '=', email)]))
    .executeTakeFirst();
}

/** Every row about the person, table by table (password hashes left out). */
export async function personalRows(db: Kysely<Database>, { sub, email }: PersonKeys) {
  const lowerEmail = email.toLowerCase();
  const grantOf = (table: 'document_access' | 'content_access' | 'unit_access') =>
    db.selectFrom(table).selectAll().where('kind', '=', 'user').where(db.fn('lower', ['value']), '=', lowerEmail).execute();
  return {
    profile: await db.selectFrom('users').selectAll().where('sub', '=', sub).executeTakeFirst(),
    localAccount: await db
      .selectFrom('local_accounts')
      .select(['sub', 'email', 'name', 'roles', 'account', 'disabled', 'createdAt', 'updatedAt'])
      .where('sub', '=', sub)
      .executeTakeFirst(),
    favorites: await db.selectFrom('favorites').selectAll().where('userSub', '=', sub).orderBy('createdAt').execute(),
    follows: await db.selectFrom('follows').selectAll().where('userSub', '=', sub).orderBy('createdAt').execute(),
    notifications: await db.selectFrom('notifications').selectAll().where('userSub', '=', sub).orderBy('createdAt').execute(),
    preferences: await db.selectFrom('alert_preferences').selectAll().where('userSub', '=', sub).executeTakeFirst(),
    downloads: await db.selectFrom('download_records').selectAll().where('userSub', '=', sub).orderBy('createdAt').execute(),
    accessGrants: [
      ...(await grantOf('document_access')).map((row) => ({ table: 'document_access', ...row })),
      ...(await grantOf('content_access')).map((row) => ({ table: 'content_access', ...row })),
      ...(await grantOf('unit_access')).map((row) => ({ table: 'unit_access', ...row })),
    ],
    auditEntries: await db
      .selectFrom('audit_entries')
      .selectAll()
      .where((eb) => eb.or([eb('actorSub', '=', sub), eb('actor', '=', lowerEmail)]))
      .orderBy('seq')
      .execute(),
  };
}

/** Removes statistics older than `before` (ISO time): document views by day, and download records. Answers how many rows went. */
export async function deleteStatisticsBefore(db: Kysely<Database>, before: string): Promise<{ views: number; downloads: number }> {
  const views = await db.deleteFrom('document_views').where('day', '<', before.slice(0, 10)).executeTakeFirst();
  const downloads = await db.deleteFrom('download_records').where('createdAt', '<', before).executeTakeFirst();
  return { views: Number(views.numDeletedRows), downloads: Number(downloads.numDeletedRows) };
}
