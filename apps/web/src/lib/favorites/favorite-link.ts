import { parseCadSetCode } from '@portal/contracts/favorite-ids';
import type { Favorite } from '@portal/contracts/favorites';

/** The configurator with a CAD set's model and options chosen (its `?model=&options=` address). */
function cadSetPath(code: string): string {
  const selection = parseCadSetCode(code);
  if (!selection) return '/cadFiles/robotConfigurator';
  const params = new URLSearchParams({ model: selection.model });
  if (selection.options.length > 0) params.set('options', selection.options.join(','));
  return `/cadFiles/robotConfigurator?${params.toString()}`;
}

/**
 * The page of a software or CAD favourite. Documents have none: they open in the viewer.
 * A robot model opens the configurator on that model, a CAD set on that model and those options;
 * a partner library, the libraries page.
 */
export function favoritePath(favorite: Favorite): string | null {
  switch (favorite.itemKind) {
    case 'document':
      return null;
    case 'software':
      return `/software/${encodeURIComponent(favorite.equipmentName)}`;
    case 'cad':
      if (favorite.target === 'model') return `/cadFiles/robotConfigurator?model=${encodeURIComponent(favorite.code)}`;
      if (favorite.target === 'library') return `/cadFiles/partnersLibraries#${encodeURIComponent(favorite.code)}`;
      return cadSetPath(favorite.code);
  }
}
