import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { softwareItemNotFound, softwareVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { subjectVisible, visibleSubjects } from '../access/index.ts';
import {
  findFileById,
  findItemById,
  findItemByEquipmentName,
  findVersion,
  findVersionById,
  listVersions,
  type SoftwareFileRow,
  type SoftwareItemRow,
  type SoftwareVersionRow,
} from './software.repository.ts';

/*
 * Who may see which software: an item and each of its versions has an audience (e.g. a beta
 * firmware only for partners). A version is visible when its item and itself are. Hidden versions
 * are left out of lists; asking for a hidden item or version by name answers 403.
 */

const softwareForbidden = () => forbidden('You are not allowed to see this software.');

/** The items the user may see, in the given order. */
export async function visibleItems(db: Kysely<Database>, user: AuthUser, items: SoftwareItemRow[]): Promise<SoftwareItemRow[]> {
  return visibleSubjects(db, user, 'software-item', items, (item) => item.id);
}

/** The versions of (already visible) items that the user may see, newest first, by item id. */
export async function visibleVersionsByItem(
  db: Kysely<Database>,
  user: AuthUser,
  itemIds: readonly string[],
): Promise<Map<string, SoftwareVersionRow[]>> {
  const versions = await listVersions(db, itemIds);
  const byItem = new Map<string, SoftwareVersionRow[]>(itemIds.map((id) => [id, []]));
  for (const version of await visibleSubjects(db, user, 'software-version', versions, (v) => v.id)) {
    byItem.get(version.itemId)?.push(version);
  }
  return byItem;
}

/** The newest released (non-beta) version, or the newest beta when there is nothing else. */
export function newestRelease<T extends Pick<SoftwareVersionRow, 'status'>>(newestFirst: readonly T[]): T | undefined {
  return newestFirst.find((version) => version.status !== 'beta') ?? newestFirst[0];
}

export async function assertCanReadItem(db: Kysely<Database>, user: AuthUser, item: SoftwareItemRow | undefined): Promise<SoftwareItemRow> {
  if (!item) throw softwareItemNotFound('equipment');
  if ((await visibleItems(db, user, [item])).length === 0) throw softwareForbidden();
  return item;
}

export async function assertCanReadVersion(
  db: Kysely<Database>,
  user: AuthUser,
  version: SoftwareVersionRow | undefined,
): Promise<SoftwareVersionRow> {
  if (!version) throw softwareVersionNotFound('portal');
  if (!(await subjectVisible(db, user, 'software-version', version, (v) => v.id))) throw softwareForbidden();
  return version;
}

export async function readableItem(db: Kysely<Database>, user: AuthUser, equipmentName: string): Promise<SoftwareItemRow> {
  return assertCanReadItem(db, user, await findItemByEquipmentName(db, equipmentName));
}

/** An item and one of its versions by name, when the user may see both. */
export async function readableVersion(
  db: Kysely<Database>,
  user: AuthUser,
  equipmentName: string,
  versionNumber: string,
): Promise<{ item: SoftwareItemRow; version: SoftwareVersionRow }> {
  const item = await readableItem(db, user, equipmentName);
  const version = await assertCanReadVersion(db, user, await findVersion(db, item.id, versionNumber));
  return { item, version };
}

/** A file with its version and item, when the user may see them; 404 when there is no such file. */
export async function readableFile(
  db: Kysely<Database>,
  user: AuthUser,
  fileId: string,
): Promise<{ item: SoftwareItemRow; version: SoftwareVersionRow; file: SoftwareFileRow }> {
  const file = await findFileById(db, fileId);
  if (!file) throw notFound('notFound', 'There is no such software file.');
  const version = await findVersionById(db, file.versionId);
  const item = await assertCanReadItem(db, user, version && (await findItemById(db, version.itemId)));
  return { item, version: await assertCanReadVersion(db, user, version), file };
}
