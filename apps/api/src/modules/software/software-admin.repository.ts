import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, StoredFileColumns } from '../../platform/db/schema.ts';
import type { AudienceRule } from '../../platform/access/audience.ts';
import { groupedBy, rowsForIds, versionsWithFiles } from '../../platform/grouping.ts';
import { loadRules } from '../access/index.ts';
import type { SoftwareFilesTable, SoftwareItemsTable, SoftwareVersionsTable } from './software.tables.ts';

/* Reads and writes of the publishing side of software (every item and version, whatever its audience), for the console. */

export interface SoftwareRows {
  item: Selectable<SoftwareItemsTable>;
  versions: Array<Selectable<SoftwareVersionsTable> & { files: Array<Selectable<SoftwareFilesTable>>; rules: AudienceRule[] }>;
  rules: AudienceRule[];
}

/** Items (all, or those given) by name, each with its versions (newest release first), files and rules. */
export async function loadSoftwareRows(db: Kysely<Database>, itemIds?: readonly string[]): Promise<SoftwareRows[]> {
  if (itemIds?.length === 0) return [];
  let query = db.selectFrom('software_items').selectAll().orderBy('name').orderBy('id');
  if (itemIds) query = query.where('id', 'in', itemIds);
  const items = await query.execute();
  const ids = items.map((item) => item.id);
  const versions = await rowsForIds(ids, (ofItems) =>
    db.selectFrom('software_versions').selectAll().where('itemId', 'in', ofItems).orderBy('releaseDate', 'desc').orderBy('createdAt', 'desc').orderBy('id').execute());
  const versionIds = versions.map((version) => version.id);
  const files = await rowsForIds(versionIds, (ofVersions) => db.selectFrom('software_files').selectAll().where('versionId', 'in', ofVersions).orderBy('fileName').execute());
  const itemRules = await loadRules(db, 'software-item', ids);
  const versionRules = await loadRules(db, 'software-version', versionIds);
  const versionsOf = groupedBy(
    versionsWithFiles(versions, files).map((version) => ({ ...version, rules: versionRules.get(version.id) ?? [] })),
    (version) => version.itemId,
  );
  return items.map((item) => ({ item, rules: itemRules.get(item.id) ?? [], versions: versionsOf.get(item.id) ?? [] }));
}

export async function findItemIdByEquipmentName(db: Kysely<Database>, equipmentName: string): Promise<string | undefined> {
  const row = await db.selectFrom('software_items').select('id').where('equipmentName', '=', equipmentName).executeTakeFirst();
  return row?.id;
}

export async function itemExists(db: Kysely<Database>, itemId: string): Promise<boolean> {
  return (await db.selectFrom('software_items').select('id').where('id', '=', itemId).executeTakeFirst()) !== undefined;
}

export async function versionNumberTaken(db: Kysely<Database>, itemId: string, versionNumber: string): Promise<boolean> {
  const row = await db.selectFrom('software_versions').select('id').where('itemId', '=', itemId).where('versionNumber', '=', versionNumber).executeTakeFirst();
  return row !== undefined;
}

export async function insertItem(db: Kysely<Database>, row: Insertable<SoftwareItemsTable>): Promise<void> {
  await db.insertInto('software_items').values(row).execute();
}

export async function updateItemRow(db: Kysely<Database>, itemId: string, changes: Updateable<SoftwareItemsTable>): Promise<void> {
  await db.updateTable('software_items').set(changes).where('id', '=', itemId).execute();
}

export async function insertVersionRow(db: Kysely<Database>, row: Insertable<SoftwareVersionsTable>): Promise<void> {
  await db.insertInto('software_versions').values(row).execute();
}

export async function updateVersionRow(db: Kysely<Database>, versionId: string, changes: Updateable<SoftwareVersionsTable>): Promise<void> {
  await db.updateTable('software_versions').set(changes).where('id', '=', versionId).execute();
}

/** Turns the item's other `current` versions into `previous`; answers their ids. */
export async function demoteCurrentVersions(db: Kysely<Database>, itemId: string, keepVersionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('software_versions')
    .select('id')
    .where('itemId', '=', itemId)
    .where('status', '=', 'current')
    .where('id', '!=', keepVersionId)
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.updateTable('software_versions').set({ status: 'previous' }).where('id', 'in', ids).execute();
  return ids;
}

export async function insertSoftwareFiles(db: Kysely<Database>, versionId: string, files: readonly StoredFileColumns[]): Promise<void> {
  if (files.length > 0) await db.insertInto('software_files').values(files.map((file) => ({ ...file, versionId }))).execute();
}
