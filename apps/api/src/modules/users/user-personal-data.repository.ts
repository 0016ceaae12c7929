import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Person, PersonalDataHolder } from '../../platform/personal-data.ts';
import { recordErasedSubject } from './erased-subject.repository.ts';

/** The person the portal saw under this user id, subject or e-mail (any case), the latest seen first; undefined when none. */
export async function findUserPerson(db: Kysely<Database>, idOrEmail: string): Promise<Person | undefined> {
  const email = idOrEmail.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id', 'sub', 'email', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrEmail), eb('sub', '=', idOrEmail), eb(eb.fn('lower', ['email']), '=', email)]))
    .orderBy('lastSeenAt', 'desc')
    .executeTakeFirst();
  return user && { userId: user.id, sub: user.sub, email: user.email.toLowerCase(), name: user.name };
}

/**
 * The user as last seen (the profile of the export); erased: subject, e-mail and name become the pseudonym,
 * roles and account stay for the statistics, and the subject is listed as erased (its digest only), so a
 * token issued before cannot record the person again.
 */
export const userPersonalData: PersonalDataHolder = {
  owner: 'users',
  async exportPersonalData(db, person) {
    return { profile: (await db.selectFrom('users').selectAll().where('sub', '=', person.sub).executeTakeFirst()) ?? null };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const result = await trx.updateTable('users').set({ sub: pseudonym, email: pseudonym, name: pseudonym }).where('sub', '=', person.sub).executeTakeFirst();
    await recordErasedSubject(trx, person.sub, new Date().toISOString());
    return Number(result.numUpdatedRows);
  },
};
