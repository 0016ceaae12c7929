import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { containing, type Person, type PersonalDataHolder } from '../../platform/personal-data.ts';

/** The person of a local account by subject or e-mail (any case); undefined when none. */
export async function findLocalAccountPerson(db: Kysely<Database>, subOrEmail: string): Promise<Person | undefined> {
  const row = await db
    .selectFrom('local_accounts')
    .select(['sub', 'email', 'name'])
    .where((eb) => eb.or([eb('sub', '=', subOrEmail), eb(eb.fn('lower', ['email']), '=', subOrEmail.toLowerCase())]))
    .executeTakeFirst();
  return row && { userId: null, sub: row.sub, email: row.email.toLowerCase(), name: row.name };
}

/** Removes the sign-in provider's objects of the person (sessions, grants, codes, access and refresh tokens, interactions). */
async function removeProviderObjects(trx: Kysely<Database>, person: Person): Promise<number> {
  const named = (eb: ExpressionBuilder<Database, 'oidc_models'>) =>
    eb.or([eb('payload', 'like', containing(JSON.stringify({ accountId: person.sub }).slice(1, -1))), eb(eb.fn('lower', ['payload']), 'like', containing(person.email))]);
  const grants = trx.selectFrom('oidc_models').select('grantId').where(named).where('grantId', 'is not', null);
  const result = await trx
    .deleteFrom('oidc_models')
    .where((eb) => eb.or([named(eb), eb('grantId', 'in', grants)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The local account of the embedded provider (never its password hash); erased: subject, e-mail and name
 * become the pseudonym, the password hash is emptied and the account disabled, and every session and token of
 * the person is removed (a sign-in still open elsewhere ends at its next claims lookup: the subject is gone).
 */
export const localAccountPersonalData: PersonalDataHolder = {
  owner: 'local accounts and sign-ins',
  async exportPersonalData(db, person) {
    const localAccount = await db
      .selectFrom('local_accounts')
      .select(['sub', 'email', 'name', 'roles', 'account', 'disabled', 'createdAt', 'updatedAt'])
      .where('sub', '=', person.sub)
      .executeTakeFirst();
    return { localAccount: localAccount ?? null };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const account = await trx
      .updateTable('local_accounts')
      .set({ sub: pseudonym, email: pseudonym, name: pseudonym, passwordHash: '', disabled: 1, updatedAt: new Date().toISOString() })
      .where('sub', '=', person.sub)
      .executeTakeFirst();
    return Number(account.numUpdatedRows) + (await removeProviderObjects(trx, person));
  },
};
