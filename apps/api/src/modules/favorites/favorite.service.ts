import { favoriteKinds, type Favorite, type FavoriteKind, type FavoriteListResponse, type FavoriteParams } from '@portal/contracts/favorites';
import type { AuthUser } from '@portal/contracts/users';
import { notFound } from '../../platform/errors.ts';
import { favoriteResolvers, resolveCadSet, type FavoriteDeps, type FavoriteItem } from './favorite-items.ts';
import { deleteFavorite, insertFavorite, listFavoriteRows, type FavoriteRow } from './favorite.repository.ts';

function present(item: FavoriteItem, row: FavoriteRow): Favorite {
  return { ...item, title: item.title || row.title, createdAt: row.createdAt } as Favorite;
}

/** The user's own favourites, newest first, joined with what each item is now; hidden or deleted items are left out. */
export async function listFavorites(deps: FavoriteDeps, user: AuthUser, kind?: FavoriteKind): Promise<FavoriteListResponse> {
  const rows = await listFavoriteRows(deps.db, user.sub, kind);
  const resolved = new Map<FavoriteKind, Map<string, FavoriteItem>>();
  for (const itemKind of favoriteKinds) {
    const ids = rows.filter((row) => row.itemKind === itemKind).map((row) => row.itemId);
    if (ids.length > 0) resolved.set(itemKind, await favoriteResolvers[itemKind](deps, user, ids));
  }
  const items = rows.flatMap((row) => {
    const item = resolved.get(row.itemKind)?.get(row.itemId);
    return item ? [present(item, row)] : [];
  });
  return { items, total: items.length };
}

/**
 * Saves an item the user can see (idempotent: adding it again keeps the first date). 404 for an
 * unknown item and for one hidden from the user, so the answer does not reveal that it exists.
 */
export async function addFavorite(deps: FavoriteDeps, user: AuthUser, { itemKind, itemId }: FavoriteParams): Promise<Favorite> {
  // A CAD set whose options do not fit its model is a 400 listing the problems, as the configurator answers.
  const cadSet = itemKind === 'cad' ? /^set:(.+)$/.exec(itemId) : null;
  if (cadSet) await resolveCadSet(deps.db, user, cadSet[1]!, true);
  const item = (await favoriteResolvers[itemKind](deps, user, [itemId])).get(itemId);
  if (!item) throw notFound('notFound', `There is no ${itemKind} ${itemId} to add to your favourites.`);
  const row = await insertFavorite(deps.db, { userSub: user.sub, itemKind, itemId, title: item.title, createdAt: new Date().toISOString() });
  return present(item, row);
}

/** Removes one of the user's own favourites; removing one that is not there is not an error. */
export async function removeFavorite(deps: Pick<FavoriteDeps, 'db'>, user: AuthUser, { itemKind, itemId }: FavoriteParams): Promise<void> {
  await deleteFavorite(deps.db, user.sub, itemKind, itemId);
}
