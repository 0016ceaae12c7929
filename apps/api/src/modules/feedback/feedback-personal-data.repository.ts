import { pseudonymised, type PersonalDataHolder } from '../../platform/personal-data.ts';

/**
 * The person's "Was this helpful?" answers; erased: the answers stay (the helpful shares count them) under the
 * pseudonym, their comment rid of the person's name and e-mail, as are the staff's notes.
 */
export const feedbackPersonalData: PersonalDataHolder = {
  owner: 'feedback',
  async exportPersonalData(db, person) {
    return { feedback: await db.selectFrom('feedback_items').selectAll().where('readerSub', '=', person.sub).orderBy('createdAt').execute() };
  },
  async erasePersonalData(trx, person, pseudonym) {
    const rows = await trx.selectFrom('feedback_items').select(['id', 'comment', 'note']).where('readerSub', '=', person.sub).execute();
    for (const row of rows) {
      const clean = (text: string) => pseudonymised(text, person, pseudonym) ?? text;
      await trx
        .updateTable('feedback_items')
        .set({ readerSub: pseudonym, readerName: pseudonym, comment: clean(row.comment), note: clean(row.note) })
        .where('id', '=', row.id)
        .execute();
    }
    return rows.length;
  },
};
