import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** What the person follows, their notifications and alert preferences; erased: all of it goes. */
export const alertPersonalData: PersonalDataHolder = {
  owner: 'follows, notifications and alert preferences',
  async exportPersonalData(db, person) {
    return {
      follows: await db.selectFrom('follows').selectAll().where('userSub', '=', person.sub).orderBy('createdAt').execute(),
      notifications: await db.selectFrom('notifications').selectAll().where('userSub', '=', person.sub).orderBy('createdAt').execute(),
      preferences: (await db.selectFrom('alert_preferences').selectAll().where('userSub', '=', person.sub).executeTakeFirst()) ?? null,
    };
  },
  async erasePersonalData(trx, person) {
    const follows = await trx.deleteFrom('follows').where('userSub', '=', person.sub).executeTakeFirst();
    const notifications = await trx.deleteFrom('notifications').where('userSub', '=', person.sub).executeTakeFirst();
    const preferences = await trx.deleteFrom('alert_preferences').where('userSub', '=', person.sub).executeTakeFirst();
    return Number(follows.numDeletedRows) + Number(notifications.numDeletedRows) + Number(preferences.numDeletedRows);
  },
};
