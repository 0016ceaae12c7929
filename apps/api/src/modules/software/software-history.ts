import type { HistoryDescriber } from '../../platform/content-kinds/content-kind.ts';
import { allowedOrNull, goneDetails, isNewer, zipRedownload } from '../../platform/content-kinds/history-details.ts';
import { assertCanReadItem, newestRelease, visibleVersionsByItem } from './software-access.ts';
import { findFileById, findItemById } from './software.repository.ts';
import { softwareZipPath } from './software-zip.ts';

/** A software download today: the item's name, whether a newer release exists, how to get it again. */
export const describeSoftwareDownload: HistoryDescriber = async ({ db }, user, record) => {
  const found = await findItemById(db, record.itemId);
  const item = found && (await allowedOrNull(() => assertCanReadItem(db, user, found)));
  if (!item) return goneDetails(record, found?.name);
  const versions = (await visibleVersionsByItem(db, user, [item.id])).get(item.id) ?? [];
  const newest = newestRelease(versions);
  const downloaded = versions.find((version) => version.id === record.versionId);
  const file = record.fileId ? await findFileById(db, record.fileId) : undefined;
  let redownload = null;
  if (downloaded && file) redownload = { method: 'POST' as const, url: `/api/Software/download?fileId=${encodeURIComponent(file.id)}` };
  else if (downloaded && !record.fileId) redownload = zipRedownload(softwareZipPath(item.equipmentName, downloaded.versionNumber));
  return {
    title: item.name,
    itemRef: item.equipmentName,
    isZip: record.fileId === null,
    newerVersionAvailable: isNewer(versions, newest, record.versionId),
    newestVersionLabel: newest?.versionNumber ?? null,
    redownload,
  };
};
