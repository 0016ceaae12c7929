import { pseudonymised, type PersonalDataHolder } from '../../platform/personal-data.ts';

/**
 * The person's requests for printed instructions; erased: the requests stay (the unit's history and the
 * per-account limit count them) under the pseudonym, their postal address and contact removed, and the
 * person's e-mail replaced in the staff's notes.
 */
export const paperRequestPersonalData: PersonalDataHolder = {
  owner: 'paper requests',
  async exportPersonalData(db, person) {
    return { paperRequests: await db.selectFrom('paper_requests').selectAll().where('requesterSub', '=', person.sub).orderBy('requestedAt').execute() };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const rows = await trx.selectFrom('paper_requests').select(['id', 'printedNote', 'shippedNote']).where('requesterSub', '=', person.sub).execute();
    for (const row of rows) {
      const note = (text: string | null) => (text === null ? null : (pseudonymised(text, person, pseudonym) ?? text));
      await trx
        .updateTable('paper_requests')
        .set({ requesterSub: pseudonym, requesterName: pseudonym, postalAddress: '', contact: '', printedNote: note(row.printedNote), shippedNote: note(row.shippedNote) })
        .where('id', '=', row.id)
        .execute();
    }
    return rows.length;
  },
};
