import type { ContentKind } from '../../platform/content-kinds/content-kind.ts';
import { visibleItems } from './software-access.ts';
import { describeSoftwareDownload } from './software-history.ts';
import { searchItems } from './software.repository.ts';
import { resolveSoftwareZip, softwareZipPrefix } from './software-zip.ts';

/** Software as a content kind: `software/…` zips of a version, its download history and favourites. */
export const softwareKind: ContentKind = {
  kind: 'software',
  zipResolvers: { [softwareZipPrefix]: resolveSoftwareZip },
  describeDownload: describeSoftwareDownload,
  // The catalogue is small (tens of entries): the list-and-filter functions are reused rather than a second access rule.
  async describeFavorites({ db }, user, ids) {
    const wanted = new Set(ids);
    const items = await visibleItems(db, user, (await searchItems(db, undefined)).filter((item) => wanted.has(item.id)));
    return new Map(items.map((item) => [item.id, { itemKind: 'software', itemId: item.id, title: item.name, equipmentName: item.equipmentName }]));
  },
};
