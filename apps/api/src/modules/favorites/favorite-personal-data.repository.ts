import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** The person's favourites; erased: they go. */
export const favoritePersonalData: PersonalDataHolder = {
  owner: 'favorites',
  async exportPersonalData(db, person) {
    return { favorites: await db.selectFrom('favorites').selectAll().where('userSub', '=', person.sub).orderBy('createdAt').execute() };
  },
  async erasePersonalData(trx, person) {
    return Number((await trx.deleteFrom('favorites').where('userSub', '=', person.sub).executeTakeFirst()).numDeletedRows);
  },
};
