export type FavoriteItemKind = 'document' | 'software' | 'cad';

export interface FavoritesTable {
  userSub: string;
  itemKind: FavoriteItemKind;
  itemId: string;
  /** The item's title when it was saved, shown if the item loses its own. */
  title: string;
  createdAt: string;
}

/** The tables favorites owns (the only code that queries them), as platform/db/schema.ts composes them. */
export interface FavoriteTables {
  favorites: FavoritesTable;
}
