import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** The document rules naming the person's e-mail; erased: those rules go, and grants they gave name the pseudonym. */
export const documentPersonalData: PersonalDataHolder = {
  owner: 'document access rules',
  async exportPersonalData(db, person) {
    const rows = await db.selectFrom('document_access').selectAll().where('kind', '=', 'user').where(db.fn('lower', ['value']), '=', person.email).execute();
    return { accessGrants: rows.map((row) => ({ table: 'document_access', ...row })) };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const removed = await trx.deleteFrom('document_access').where('kind', '=', 'user').where(trx.fn('lower', ['value']), '=', person.email).executeTakeFirst();
    const granted = await trx.updateTable('document_access').set({ grantedBy: pseudonym }).where('grantedBy', '=', person.sub).executeTakeFirst();
    return Number(removed.numDeletedRows) + Number(granted.numUpdatedRows);
  },
};
