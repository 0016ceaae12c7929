import type { ContentKind, HistoryDescriber } from '../../platform/content-kinds/content-kind.ts';
import { goneDetails } from '../../platform/content-kinds/history-details.ts';
import { visibleUnitsFilter } from './unit-access.ts';
import { packageContents } from './package-contents.ts';
import { findUnitById, findVisibleUnit } from './unit.repository.ts';

/** An offline package in the download history: whether its documents changed since, and how to download it again. */
const describeUnitDownload: HistoryDescriber = async ({ db }, user, record) => {
  const found = await findUnitById(db, record.itemId);
  const unit = found && (await findVisibleUnit(db, found.serialNumber, visibleUnitsFilter(user)));
  if (!unit) return goneDetails(record);
  const language = record.versionLabel.split('.')[0] ?? 'en';
  const current = await packageContents(db, user, unit, language);
  return {
    title: `${unit.serialNumber} offline package (${language})`,
    itemRef: unit.serialNumber,
    isZip: true,
    newerVersionAvailable: current.version !== record.versionLabel,
    newestVersionLabel: current.version,
    redownload: { method: 'GET', url: `/api/Units/${encodeURIComponent(unit.serialNumber)}/package?language=${encodeURIComponent(language)}` },
  };
};

/**
 * Units as a content kind: their offline packages appear in the download history. A package holds
 * generated files (index.html, manifest.json), so it streams from its own route rather than through
 * downloadZip, and units are followed through the unit pages rather than the favourites.
 */
export const unitKind: ContentKind = {
  kind: 'unit',
  zipResolvers: {},
  describeDownload: describeUnitDownload,
  describeFavorites: async () => new Map(),
};
