import type { Kysely, Selectable } from 'kysely';
import { containsText } from '../../platform/db/contains-pattern.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { SoftwareFilesTable, SoftwareItemsTable, SoftwareVersionsTable } from './software.tables.ts';

export type SoftwareItemRow = Selectable<SoftwareItemsTable>;
export type SoftwareVersionRow = Selectable<SoftwareVersionsTable>;
export type SoftwareFileRow = Selectable<SoftwareFilesTable>;

/** Items whose name, equipment name, description or compatible equipment contain `q` (all when empty), by name. */
export async function searchItems(db: Kysely<Database>, q: string | undefined): Promise<SoftwareItemRow[]> {
  let query = db.selectFrom('software_items').selectAll();
  if (q) {
    query = query.where((eb) => eb.or((['name', 'equipmentName', 'description', 'compatibleEquipment'] as const).map((column) => containsText(eb.ref(column), q))));
  }
  return query.orderBy('name').orderBy('equipmentName').execute();
}

export async function findItemByEquipmentName(db: Kysely<Database>, equipmentName: string): Promise<SoftwareItemRow | undefined> {
  return db.selectFrom('software_items').selectAll().where('equipmentName', '=', equipmentName).executeTakeFirst();
}

export async function findItemById(db: Kysely<Database>, id: string): Promise<SoftwareItemRow | undefined> {
  return db.selectFrom('software_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Versions of the items, newest release first. */
export async function listVersions(db: Kysely<Database>, itemIds: readonly string[]): Promise<SoftwareVersionRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('software_versions')
    .selectAll()
    .where('itemId', 'in', [...itemIds])
    .orderBy('releaseDate', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findVersion(db: Kysely<Database>, itemId: string, versionNumber: string): Promise<SoftwareVersionRow | undefined> {
  return db
    .selectFrom('software_versions')
    .selectAll()
    .where('itemId', '=', itemId)
    .where('versionNumber', '=', versionNumber)
    .executeTakeFirst();
}

export async function findVersionById(db: Kysely<Database>, id: string): Promise<SoftwareVersionRow | undefined> {
  return db.selectFrom('software_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Files of the versions, by file name. */
export async function listFiles(db: Kysely<Database>, versionIds: readonly string[]): Promise<SoftwareFileRow[]> {
  if (versionIds.length === 0) return [];
  return db.selectFrom('software_files').selectAll().where('versionId', 'in', [...versionIds]).orderBy('fileName').execute();
}

export async function findFileById(db: Kysely<Database>, id: string): Promise<SoftwareFileRow | undefined> {
  return db.selectFrom('software_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findFileByName(db: Kysely<Database>, versionId: string, fileName: string): Promise<SoftwareFileRow | undefined> {
  return db.selectFrom('software_files').selectAll().where('versionId', '=', versionId).where('fileName', '=', fileName).executeTakeFirst();
}
