import type { Favorite, FavoriteKind, FavoriteListResponse, FavoriteParams } from '@portal/contracts/favorites';
import type { AuthUser } from '@portal/contracts/users';
import type { ContentKind, ContentKindDeps, FavoriteItem } from '../../platform/content-kinds/content-kind.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteFavorite, insertFavorite, listFavoriteRows, type FavoriteRow } from './favorite.repository.ts';

/** What the favourites need: the content kinds they can point at, and what those kinds need. */
export interface FavoriteDeps extends ContentKindDeps {
  kinds: readonly ContentKind[];
}

function present(item: FavoriteItem, row: FavoriteRow): Favorite {
  return { ...item, title: item.title || row.title, createdAt: row.createdAt } as Favorite;
}

function kindOf(deps: FavoriteDeps, itemKind: FavoriteKind): ContentKind | undefined {
  return deps.kinds.find((kind) => kind.kind === itemKind);
}

/** The user's own favourites, newest first, joined with what each item is now; hidden or deleted items are left out. */
export async function listFavorites(deps: FavoriteDeps, user: AuthUser, itemKind?: FavoriteKind): Promise<FavoriteListResponse> {
  const rows = await listFavoriteRows(deps.db, user.sub, itemKind);
  const resolved = new Map<string, Map<string, FavoriteItem>>();
  for (const kind of deps.kinds) {
    const ids = rows.filter((row) => row.itemKind === kind.kind).map((row) => row.itemId);
    if (ids.length > 0) resolved.set(kind.kind, await kind.describeFavorites(deps, user, ids));
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
  const kind = kindOf(deps, itemKind);
  await kind?.checkFavorite?.(deps, user, itemId);
  const item = (await kind?.describeFavorites(deps, user, [itemId]))?.get(itemId);
  if (!item) throw notFound('notFound', `There is no ${itemKind} ${itemId} to add to your favourites.`);
  const row = await insertFavorite(deps.db, { userSub: user.sub, itemKind, itemId, title: item.title, createdAt: new Date().toISOString() });
  return present(item, row);
}

/** Removes one of the user's own favourites; removing one that is not there is not an error. */
export async function removeFavorite(deps: Pick<FavoriteDeps, 'db'>, user: AuthUser, { itemKind, itemId }: FavoriteParams): Promise<void> {
  await deleteFavorite(deps.db, user.sub, itemKind, itemId);
}
