// The software module's public entry: other modules import software only from here.
export { softwareKind } from './software-kind.ts';
// The writer and the lookup the demo seed fills the catalogue with.
export { insertSoftware } from './software-writer.repository.ts';
export { findItemByEquipmentName } from './software.repository.ts';
// What the machine passport reads: the software of a model with its newest version and release notes.
export { searchItems } from './software.repository.ts';
export { newestRelease, visibleItems, visibleVersionsByItem } from './software-access.ts';
// What feedback asks: an item by equipment name when the reader may see it.
export { readableItem } from './software-access.ts';
// The release notes are documents: the documents module reads them; offered here too for the machine passport.
export { findReleaseNotes } from '../documents/index.ts';
export type { SoftwareFilesTable, SoftwareItemsTable, SoftwareStatus, SoftwareVersionsTable } from './software.tables.ts';
// The console's publishing side (admin-software): every item and version whatever its audience, and their writes.
export {
  demoteCurrentVersions,
  findItemIdByEquipmentName,
  insertItem,
  insertSoftwareFiles,
  insertVersionRow,
  itemExists,
  loadSoftwareRows,
  updateItemRow,
  updateVersionRow,
  versionNumberTaken,
  type SoftwareRows,
} from './software-admin.repository.ts';
// What the alerts read of a released version (and of an item a user follows).
export { findItemById } from './software.repository.ts';
export { findSoftwareRelease, jsonList, type SoftwareRelease } from './software-release.repository.ts';
// The item fields the console presents as the public list does.
export { softwareItemFields } from './software-item-fields.ts';
// The storage keys the software files refer to, for the backup (listed in modules/stored-files.ts).
export { softwareFileKeys } from './stored-files.repository.ts';
// The names the audit log shows software items by.
export { softwareTitles } from './software-titles.repository.ts';
