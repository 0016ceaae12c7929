import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { PersonalDataHolder } from '../../platform/personal-data.ts';

/** The person's download history; erased: the rows stay for the download statistics, under the pseudonym. */
export const downloadPersonalData: PersonalDataHolder = {
  owner: 'download records',
  async exportPersonalData(db, person) {
    return { downloads: await db.selectFrom('download_records').selectAll().where('userSub', '=', person.sub).orderBy('createdAt').execute() };
  },
  async erasePersonalData(trx, person, pseudonym) {
    return Number((await trx.updateTable('download_records').set({ userSub: pseudonym }).where('userSub', '=', person.sub).executeTakeFirst()).numUpdatedRows);
  },
};

/** Removes the download records older than `before` (ISO time), the statistics' retention; answers how many went. */
export async function deleteDownloadsBefore(db: Kysely<Database>, before: string): Promise<number> {
  return Number((await db.deleteFrom('download_records').where('createdAt', '<', before).executeTakeFirst()).numDeletedRows);
}
