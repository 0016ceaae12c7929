import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { FavoriteItemKind, FavoritesTable } from './favorite.tables.ts';

export type FavoriteRow = Selectable<FavoritesTable>;

/** The user's favourites (of one kind, or all), newest first. */
export async function listFavoriteRows(db: Kysely<Database>, userSub: string, kind?: FavoriteItemKind): Promise<FavoriteRow[]> {
  let query = db.selectFrom('favorites').selectAll().where('userSub', '=', userSub);
  if (kind) query = query.where('itemKind', '=', kind);
  return query.orderBy('createdAt', 'desc').orderBy('itemId').execute();
}

/** Adds the favourite unless the user already has it; answers the stored row (the first one's date). */
export async function insertFavorite(db: Kysely<Database>, row: FavoriteRow): Promise<FavoriteRow> {
  await db
    .insertInto('favorites')
    .values(row)
    .onConflict((conflict) => conflict.columns(['userSub', 'itemKind', 'itemId']).doNothing())
    .execute();
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('userSub', '=', row.userSub)
    .where('itemKind', '=', row.itemKind)
    .where('itemId', '=', row.itemId)
    .executeTakeFirstOrThrow();
}

export async function deleteFavorite(db: Kysely<Database>, userSub: string, itemKind: FavoriteItemKind, itemId: string): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('userSub', '=', userSub)
    .where('itemKind', '=', itemKind)
    .where('itemId', '=', itemId)
    .execute();
}
