import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AdminSoftwareItem,
  AdminSoftwareList,
  CreateSoftwareItemBody,
  NewSoftwareVersionMetadata,
  UpdateSoftwareItemBody,
  UpdateSoftwareVersionBody,
} from '@portal/contracts/admin-software';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound, type ErrorDetail } from '../../platform/errors.ts';
import { inTransaction, type IngestDeps, type StoredUpload } from '../admin-documents/index.ts';
import { announceSoftwareVersion } from '../alerts/index.ts';
import { recordAudit, recordAudits, type AuditContext } from '../audit/index.ts';
import { findDocumentById } from '../documents/index.ts';
import { softwareCreatedEvent, softwareEditEvents, softwareVersionEditEvents, softwareVersionEvent } from './admin-software.audit.ts';
import { presentSoftwareItem } from './admin-software.presenter.ts';
import {
  demoteCurrentVersions,
  existingProductCodes,
  fileColumns,
  findItemIdByEquipmentName,
  insertItem,
  insertSoftwareFiles,
  insertVersionRow,
  itemExists,
  loadSoftwareRows,
  replaceRules,
  updateItemRow,
  updateVersionRow,
  versionNumberTaken,
} from './admin-software.repository.ts';

/** The database and the job runner's wake-up after a commit that queued jobs. */
export type PublishingDeps = IngestDeps;

const itemNotFound = () => notFound('notFound', 'The software item does not exist.');
const versionNotFound = () => notFound('versionNotFound', 'The software item has no such version.');
const equipmentNameTaken = (name: string) => `A software item named ${name} already exists.`;
const versionTaken = (number: string) => `The software item already has a version ${number}.`;

async function load(db: Kysely<Database>, itemId: string): Promise<AdminSoftwareItem> {
  const [rows] = await loadSoftwareRows(db, [itemId]);
  if (!rows) throw itemNotFound();
  return presentSoftwareItem(rows);
}

/** 400 listing every unknown product code and a release notes document that does not exist. */
async function assertReferences(db: Kysely<Database>, products: readonly string[] | undefined, releaseNotesDocumentId: string | null | undefined): Promise<void> {
  const details: ErrorDetail[] = [];
  const known = await existingProductCodes(db, products ?? []);
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
export const getSoftwareForStaff = (deps: PublishingDeps, itemId: string) => load(deps.db, itemId);

export async function createSoftwareItem(deps: PublishingDeps, body: CreateSoftwareItemBody, audit: AuditContext): Promise<AdminSoftwareItem> {
  return inTransaction(deps, equipmentNameTaken(body.equipmentName), async (trx) => {
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
    await replaceRules(trx, 'software-item', id, body.access);
    const created = await load(trx, id);
    await recordAudit(trx, audit, softwareCreatedEvent(created));
    return created;
  });
}

/** Changes an item; `compatibleEquipment` and `access`, when given, replace the previous lists. */
export async function updateSoftwareItem(deps: PublishingDeps, itemId: string, changes: UpdateSoftwareItemBody, audit: AuditContext): Promise<AdminSoftwareItem> {
  return inTransaction(deps, equipmentNameTaken(changes.equipmentName ?? ''), async (trx) => {
    const before = await load(trx, itemId);
    if (changes.equipmentName !== undefined) await assertEquipmentNameFree(trx, changes.equipmentName, itemId);
    await assertReferences(trx, changes.compatibleEquipment, undefined);
    const { access, compatibleEquipment, ...columns } = changes;
    await updateItemRow(trx, itemId, {
      ...columns,
      ...(compatibleEquipment ? { compatibleEquipment: JSON.stringify(compatibleEquipment) } : {}),
      updatedAt: new Date().toISOString(),
    });
    if (access) await replaceRules(trx, 'software-item', itemId, access);
    const after = await load(trx, itemId);
    await recordAudits(trx, audit, softwareEditEvents(before, after));
    return after;
  });
}

async function checkNewVersion(db: Kysely<Database>, itemId: string, metadata: NewSoftwareVersionMetadata): Promise<void> {
  if (!(await itemExists(db, itemId))) throw itemNotFound();
  if (await versionNumberTaken(db, itemId, metadata.versionNumber)) throw conflict(versionTaken(metadata.versionNumber));
  await assertReferences(db, undefined, metadata.releaseNotesDocumentId);
}

/** The checks of a new version that need no file: the route runs them before storing the uploads. */
export const precheckSoftwareVersion = (deps: PublishingDeps, itemId: string, metadata: NewSoftwareVersionMetadata) => checkNewVersion(deps.db, itemId, metadata);

/**
 * Adds a version with its stored files, in one transaction (version, rules, files, the item's other
 * current versions made previous, the followers' alert job, audit entry).
 */
export async function createSoftwareVersion(
  deps: PublishingDeps,
  itemId: string,
  metadata: NewSoftwareVersionMetadata,
  uploads: readonly StoredUpload[],
  audit: AuditContext,
): Promise<AdminSoftwareItem> {
  return inTransaction(deps, versionTaken(metadata.versionNumber), async (trx) => {
    await checkNewVersion(trx, itemId, metadata);
    const now = new Date().toISOString();
    const versionId = randomUUID();
    await insertVersionRow(trx, {
      id: versionId,
      itemId,
      versionNumber: metadata.versionNumber,
      releaseDate: metadata.releaseDate,
      status: metadata.status,
      audience: metadata.audience,
      releaseNotesDocumentId: metadata.releaseNotesDocumentId,
      createdAt: now,
    });
    await replaceRules(trx, 'software-version', versionId, metadata.access);
    await insertSoftwareFiles(trx, versionId, uploads.map((upload) => fileColumns(randomUUID(), upload, now)));
    const demoted = metadata.status === 'current' ? await demoteCurrentVersions(trx, itemId, versionId) : [];
    await updateItemRow(trx, itemId, { updatedAt: now });
    await announceSoftwareVersion(trx, { id: versionId });
    const after = await load(trx, itemId);
    await recordAudit(trx, audit, softwareVersionEvent(after, versionId, metadata.changeNote, demoted));
    return after;
  });
}

/** Changes a version's status, audience, rules, release date or release notes. */
export async function updateSoftwareVersion(
  deps: PublishingDeps,
  itemId: string,
  versionId: string,
  changes: UpdateSoftwareVersionBody,
  audit: AuditContext,
): Promise<AdminSoftwareItem> {
  return inTransaction(deps, 'A concurrent change conflicts with this one.', async (trx) => {
    const before = await load(trx, itemId);
    if (!before.versions.some((version) => version.id === versionId)) throw versionNotFound();
    await assertReferences(trx, undefined, changes.releaseNotesDocumentId);
    const { access, changeNote = '', ...columns } = changes;
    if (Object.keys(columns).length > 0) await updateVersionRow(trx, versionId, columns);
    if (access) await replaceRules(trx, 'software-version', versionId, access);
    const demoted = changes.status === 'current' ? await demoteCurrentVersions(trx, itemId, versionId) : [];
    const updatedAt = new Date().toISOString();
    await updateItemRow(trx, itemId, { updatedAt });
    // A beta made current or a wider audience may reach followers who were not told of it yet.
    if (changes.status !== undefined || changes.audience !== undefined || access) await announceSoftwareVersion(trx, { id: versionId }, `changed ${updatedAt}`);
    const after = await load(trx, itemId);
    await recordAudits(trx, audit, softwareVersionEditEvents(before, after, versionId, changeNote, demoted));
    return after;
  });
}
