import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminSoftwareItem, AdminSoftwareList, CreateSoftwareItemBody, UpdateSoftwareItemBody, UpdateSoftwareVersionBody } from '@portal/contracts/admin-software';
import { softwareItemNotFound, softwareVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, type ErrorDetail } from '../../platform/errors.ts';
import type { ChangeOrigin } from '../../platform/events/index.ts';
import { inTransaction, type IngestDeps } from '../admin-documents/index.ts';
import { replaceRules } from '../access/index.ts';
import { findDocumentById, productLifetimes } from '../documents/index.ts';
import { demoteCurrentVersions, findItemIdByEquipmentName, insertItem, loadSoftwareRows, updateItemRow, updateVersionRow } from '../software/index.ts';
import { presentSoftwareItem } from './admin-software.presenter.ts';
import { storedRules } from './admin-software.rows.ts';

/* Software items and the changes of their versions, for staff; new versions are releases (software-release.ts). */

/** The database, the event bus (`app.events`) and the job runner's wake-up after a commit whose subscribers queued jobs. */
export type PublishingDeps = IngestDeps;

const equipmentNameTaken = (name: string) => `A software item named ${name} already exists.`;

/** The item as staff see it (every version, whatever its audience); 404 when absent. */
export async function loadSoftwareItem(db: Kysely<Database>, itemId: string): Promise<AdminSoftwareItem> {
  const [rows] = await loadSoftwareRows(db, [itemId]);
  if (!rows) throw softwareItemNotFound();
  return presentSoftwareItem(rows);
}

/** 400 listing every unknown product code and a release notes document that does not exist. */
export async function assertReferences(db: Kysely<Database>, products: readonly string[] | undefined, releaseNotesDocumentId: string | null | undefined): Promise<void> {
  const details: ErrorDetail[] = [];
  const known = new Set((await productLifetimes(db, products ?? [])).keys());
  (products ?? []).forEach((code, index) => {
    if (!known.has(code)) details.push({ path: `compatibleEquipment.${index}`, message: `unknown product "${code}"` });
  });
  if (releaseNotesDocumentId && !(await findDocumentById(db, releaseNotesDocumentId))) {
    details.push({ path: 'releaseNotesDocumentId', message: `no document has the id "${releaseNotesDocumentId}"` });
  }
  if (details.length > 0) throw badRequest('invalidParameters', 'The request names unknown products or documents.', details);
}

async function assertEquipmentNameFree(db: Kysely<Database>, equipmentName: string, itemId?: string): Promise<void> {
  const owner = await findItemIdByEquipmentName(db, equipmentName);
  if (owner !== undefined && owner !== itemId) throw conflict(equipmentNameTaken(equipmentName));
}

/** Every software item, whatever its audience, with every version. */
export async function listSoftwareForStaff(deps: PublishingDeps): Promise<AdminSoftwareList> {
  return { items: (await loadSoftwareRows(deps.db)).map(presentSoftwareItem) };
}

/** One item, whatever its audience, with every version. */
export const getSoftwareForStaff = (deps: PublishingDeps, itemId: string) => loadSoftwareItem(deps.db, itemId);

export async function createSoftwareItem(deps: PublishingDeps, body: CreateSoftwareItemBody, origin: ChangeOrigin): Promise<AdminSoftwareItem> {
  return inTransaction(deps, equipmentNameTaken(body.equipmentName), async (trx, emit) => {
    await assertEquipmentNameFree(trx, body.equipmentName);
    await assertReferences(trx, body.compatibleEquipment, undefined);
    const now = new Date().toISOString();
    const id = randomUUID();
    await insertItem(trx, {
      id,
      equipmentName: body.equipmentName,
      name: body.name,
      category: body.category,
      description: body.description,
      compatibleEquipment: JSON.stringify(body.compatibleEquipment),
      audience: body.audience,
      createdAt: now,
      updatedAt: now,
    });
    await replaceRules(trx, 'software-item', id, storedRules(body.access));
    const created = await loadSoftwareItem(trx, id);
    await emit('software.item-created', { itemId: id, item: created, origin });
    return created;
  });
}

/** Changes an item; `compatibleEquipment` and `access`, when given, replace the previous lists. */
export async function updateSoftwareItem(deps: PublishingDeps, itemId: string, changes: UpdateSoftwareItemBody, origin: ChangeOrigin): Promise<AdminSoftwareItem> {
  return inTransaction(deps, equipmentNameTaken(changes.equipmentName ?? ''), async (trx, emit) => {
    const before = await loadSoftwareItem(trx, itemId);
    if (changes.equipmentName !== undefined) await assertEquipmentNameFree(trx, changes.equipmentName, itemId);
    await assertReferences(trx, changes.compatibleEquipment, undefined);
    const { access, compatibleEquipment, ...columns } = changes;
    await updateItemRow(trx, itemId, {
      ...columns,
      ...(compatibleEquipment ? { compatibleEquipment: JSON.stringify(compatibleEquipment) } : {}),
      updatedAt: new Date().toISOString(),
    });
    if (access) await replaceRules(trx, 'software-item', itemId, storedRules(access));
    const after = await loadSoftwareItem(trx, itemId);
    await emit('software.item-changed', { itemId, before, item: after, origin });
    return after;
  });
}

/** Changes a version's status, audience, rules, release date or release notes. */
export async function updateSoftwareVersion(
  deps: PublishingDeps,
  itemId: string,
  versionId: string,
  changes: UpdateSoftwareVersionBody,
  origin: ChangeOrigin,
): Promise<AdminSoftwareItem> {
  return inTransaction(deps, 'A concurrent change conflicts with this one.', async (trx, emit) => {
    const before = await loadSoftwareItem(trx, itemId);
    if (!before.versions.some((version) => version.id === versionId)) throw softwareVersionNotFound();
    await assertReferences(trx, undefined, changes.releaseNotesDocumentId);
    const { access, changeNote = '', ...columns } = changes;
    if (Object.keys(columns).length > 0) await updateVersionRow(trx, versionId, columns);
    if (access) await replaceRules(trx, 'software-version', versionId, storedRules(access));
    const demoted = changes.status === 'current' ? await demoteCurrentVersions(trx, itemId, versionId) : [];
    const changedAt = new Date().toISOString();
    await updateItemRow(trx, itemId, { updatedAt: changedAt });
    const after = await loadSoftwareItem(trx, itemId);
    // A beta made current or a wider audience may reach followers who were not told of it yet.
    const mayReachMore = changes.status !== undefined || changes.audience !== undefined || access !== undefined;
    await emit('software.version-changed', { itemId, versionId, changeNote, demoted, mayReachMore, changedAt, before, item: after, origin });
    return after;
  });
}
