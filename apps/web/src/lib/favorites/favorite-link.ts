import type { Favorite } from '@portal/contracts/favorites';

/**
 * The page of a software or CAD favourite. Documents have none: they open in the viewer.
 * A robot model opens the configurator on that model; a partner library, the libraries page.
 */
export function favoritePath(favorite: Favorite): string | null {
  switch (favorite.itemKind) {
    case 'document':
      return null;
    case 'software':
      return `/software/${encodeURIComponent(favorite.equipmentName)}`;
    case 'cad':
      return favorite.target === 'model'
        ? `/cadFiles/robotConfigurator?model=${encodeURIComponent(favorite.code)}`
        : `/cadFiles/partnersLibraries#${encodeURIComponent(favorite.code)}`;
  }
}
