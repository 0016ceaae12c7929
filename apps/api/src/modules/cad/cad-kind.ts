import type { ContentKind } from '../../platform/content-kinds/content-kind.ts';
import { cadLibraryZipPrefix, cadSetZipPrefix } from './cad-download-ref.ts';
import { checkCadFavorite, describeCadFavorites } from './cad-favorites.ts';
import { describeCadDownload } from './cad-history.ts';
import { resolveCadLibraryZip, resolveCadSetZip } from './cad-zip.ts';

/** CAD as a content kind: configurator sets and partner libraries as zips, their download history and favourites. */
export const cadKind: ContentKind = {
  kind: 'cad',
  zipResolvers: { [cadSetZipPrefix]: resolveCadSetZip, [cadLibraryZipPrefix]: resolveCadLibraryZip },
  describeDownload: describeCadDownload,
  describeFavorites: describeCadFavorites,
  checkFavorite: checkCadFavorite,
};
