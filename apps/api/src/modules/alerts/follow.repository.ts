import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FollowsTable } from './alert.tables.ts';

export type FollowRow = Selectable<FollowsTable>;
export type NewFollow = Omit<FollowRow, 'createdAt' | 'mail'>;

/**
 * Adds a follow. A chosen follow turns an automatic one into a chosen one; an automatic follow
 * never changes an existing one.
 */
export async function insertFollow(db: Kysely<Database>, follow: NewFollow, now: string): Promise<void> {
  await db
    .insertInto('follows')
    .values({ ...follow, createdAt: now })
    .onConflict((conflict) => {
      const onKey = conflict.columns(['userSub', 'kind', 'itemId']);
      return follow.automatic ? onKey.doNothing() : onKey.doUpdateSet({ automatic: 0, title: follow.title });
    })
    .execute();
}

export async function deleteFollow(db: Kysely<Database>, userSub: string, kind: FollowRow['kind'], itemId: string): Promise<number> {
  const result = await db.deleteFrom('follows').where('userSub', '=', userSub).where('kind', '=', kind).where('itemId', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the follow's news also comes by mail; false when the user does not follow the item. */
export async function setFollowMail(db: Kysely<Database>, userSub: string, kind: FollowRow['kind'], itemId: string, mail: boolean): Promise<boolean> {
  const result = await db.updateTable('follows').set({ mail: mail ? 1 : 0 }).where('userSub', '=', userSub).where('kind', '=', kind).where('itemId', '=', itemId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findFollow(db: Kysely<Database>, userSub: string, kind: FollowRow['kind'], itemId: string): Promise<FollowRow | undefined> {
  return db.selectFrom('follows').selectAll().where('userSub', '=', userSub).where('kind', '=', kind).where('itemId', '=', itemId).executeTakeFirst();
}

export async function listFollows(db: Kysely<Database>, userSub: string): Promise<FollowRow[]> {
  return db.selectFrom('follows').selectAll().where('userSub', '=', userSub).orderBy('createdAt', 'desc').orderBy('itemId').execute();
}
