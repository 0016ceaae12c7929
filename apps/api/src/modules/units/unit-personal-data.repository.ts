import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** The unit rules naming the person's e-mail; erased: those rules go. */
export const unitPersonalData: PersonalDataHolder = {
  owner: 'unit access rules',
  async exportPersonalData(db, person) {
    const rows = await db.selectFrom('unit_access').selectAll().where('kind', '=', 'user').where(db.fn('lower', ['value']), '=', person.email).execute();
    return { accessGrants: rows.map((row) => ({ table: 'unit_access', ...row })) };
  },
  async erasePersonalData(trx, person) {
    const removed = await trx.deleteFrom('unit_access').where('kind', '=', 'user').where(trx.fn('lower', ['value']), '=', person.email).executeTakeFirst();
    return Number(removed.numDeletedRows);
  },
};
