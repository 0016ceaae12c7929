import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** The software and CAD rules naming the person's e-mail; erased: those rules go. */
export const contentAccessPersonalData: PersonalDataHolder = {
  owner: 'software and CAD access rules',
  async exportPersonalData(db, person) {
    const rows = await db.selectFrom('content_access').selectAll().where('kind', '=', 'user').where(db.fn('lower', ['value']), '=', person.email).execute();
    return { accessGrants: rows.map((row) => ({ table: 'content_access', ...row })) };
  },
  async erasePersonalData(trx, person) {
    const removed = await trx.deleteFrom('content_access').where('kind', '=', 'user').where(trx.fn('lower', ['value']), '=', person.email).executeTakeFirst();
    return Number(removed.numDeletedRows);
  },
};
