import type { Expression, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FollowsTable } from './alert.tables.ts';

export type FollowRow = Selectable<FollowsTable>;
export type NewFollow = Omit<FollowRow, 'createdAt'>;

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

export async function findFollow(db: Kysely<Database>, userSub: string, kind: FollowRow['kind'], itemId: string): Promise<FollowRow | undefined> {
  return db.selectFrom('follows').selectAll().where('userSub', '=', userSub).where('kind', '=', kind).where('itemId', '=', itemId).executeTakeFirst();
}

export async function listFollows(db: Kysely<Database>, userSub: string): Promise<FollowRow[]> {
  return db.selectFrom('follows').selectAll().where('userSub', '=', userSub).orderBy('createdAt', 'desc').orderBy('itemId').execute();
}

/** The access fields of a document (as the access engine reads them) and its title. */
export async function findFollowableDocument(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'audience', 'status', 'currentVersionId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the document passes the access filter (a where-clause over `documents`). */
export async function documentPasses(db: Kysely<Database>, id: string, filter: Expression<SqlBool>): Promise<boolean> {
  const row = await db.selectFrom('documents').select('documents.id').where('documents.id', '=', id).where(filter).executeTakeFirst();
  return row !== undefined;
}

export async function findSoftwareItem(db: Kysely<Database>, id: string) {
  return db.selectFrom('software_items').select(['id', 'name', 'audience']).where('id', '=', id).executeTakeFirst();
}

export async function findProduct(db: Kysely<Database>, code: string) {
  return db.selectFrom('products').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}
