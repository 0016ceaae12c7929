import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminDocumentListQuery, AdminDocumentListResponse } from '@portal/contracts/admin-document-list';
import type {
  AdminDocument,
  CreateDocumentMetadata,
  NewVersionMetadata,
  UpdateDocumentBody,
} from '@portal/contracts/admin-documents';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound, type ErrorDetail } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { enqueuePreviewJobs } from '../../previews/enqueue-preview-jobs.ts';
import { reindexDocument } from '../search/index.ts';
import { findDocumentById, findDocumentByServiceRef, findVersionByLabel } from '../documents/index.ts';
import { recordAudit, recordAudits, type AuditContext } from '../audit/index.ts';
import { announcePublication } from '../alerts/index.ts';
import { createdEvent, editEvents, statusEvent, unattributed, versionEvent, versionUnpublishedEvent } from './admin-document.audit.ts';
import { listAdminDocumentRows } from './admin-document-list.repository.ts';
import { presentAdminDocument, presentAdminDocumentList } from './admin-document.presenter.ts';
import {
  existingCodes,
  insertDocument,
  insertVersion,
  isUniqueViolation,
  loadAdminDocument,
  refreshCurrentVersion,
  replaceAccessRules,
  replaceProducts,
  setVersionStatus,
  updateDocumentRow,
} from './admin-document.repository.ts';
import type { StoredUpload } from './upload-intake.ts';

export interface IngestDeps {
  db: Kysely<Database>;
  /** Called after a commit that queued preview jobs (the job runner's wake-up). */
  afterCommit?: () => void;
}

/** Who made the change (recorded as the granter of access rules). */
export interface Actor {
  email: string;
}

/** Version metadata as the importer and the first version give it too: without `significant`, a version is significant. */
type VersionMetadata = Omit<NewVersionMetadata, 'significant'> & { significant?: boolean };

const documentNotFound = () => notFound('documentNotFound', 'The document does not exist.');
const duplicateRef = (serviceRef: string) => `A document with the service reference ${serviceRef} already exists.`;
const duplicateVersion = (label: string) => `The document already has a version ${label}.`;

async function assertKnownCodes(db: Kysely<Database>, typeCode: string | undefined, products: string[] | undefined): Promise<void> {
  const details: ErrorDetail[] = [];
  if (typeCode !== undefined && !(await existingCodes(db, 'document_types', [typeCode])).has(typeCode)) {
    details.push({ path: 'typeCode', message: `unknown document type "${typeCode}"` });
  }
  const known = await existingCodes(db, 'products', products ?? []);
  (products ?? []).forEach((code, index) => {
    if (!known.has(code)) details.push({ path: `products.${index}`, message: `unknown product "${code}"` });
  });
  if (details.length > 0) throw badRequest('invalidParameters', 'The metadata names unknown codes.', details);
}

async function checkNewDocument(db: Kysely<Database>, metadata: CreateDocumentMetadata): Promise<void> {
  if (await findDocumentByServiceRef(db, metadata.serviceRef)) throw conflict(duplicateRef(metadata.serviceRef));
  await assertKnownCodes(db, metadata.typeCode, metadata.products);
}

async function checkNewVersion(db: Kysely<Database>, documentId: string, metadata: VersionMetadata): Promise<void> {
  if (!(await findDocumentById(db, documentId))) throw documentNotFound();
  if (await findVersionByLabel(db, documentId, metadata.resourceVersion)) throw conflict(duplicateVersion(metadata.resourceVersion));
}

/** The checks of createDocument that need no file: routes run them before storing the upload. */
export const precheckNewDocument = (deps: IngestDeps, metadata: CreateDocumentMetadata) => checkNewDocument(deps.db, metadata);

/** The checks of addVersion that need no file. */
export const precheckNewVersion = (deps: IngestDeps, documentId: string, metadata: NewVersionMetadata) =>
  checkNewVersion(deps.db, documentId, metadata);

async function load(db: Kysely<Database>, id: string): Promise<AdminDocument> {
  const rows = await loadAdminDocument(db, id);
  if (!rows) throw documentNotFound();
  return presentAdminDocument(rows);
}

/** Runs one change in a transaction; a concurrent duplicate (serviceRef, version label, equipment name…) becomes 409 with `duplicate`. */
export async function inTransaction<T>(deps: IngestDeps, duplicate: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    const result = await deps.db.transaction().execute(work);
    deps.afterCommit?.();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicate);
    throw error;
  }
}

/** `announce: false` for a draft: its followers hear of it when it is published. */
async function addVersionRows(trx: Kysely<Database>, documentId: string, metadata: VersionMetadata, upload: StoredUpload, now: string, announce = true) {
  const versionId = randomUUID();
  await insertVersion(trx, {
    id: versionId,
    documentId,
    resourceVersion: metadata.resourceVersion,
    fileName: upload.fileName,
    size: upload.size,
    mediaType: upload.mediaType,
    sha256: upload.sha256,
    storageKey: upload.key,
    publishedAt: metadata.publishedAt ? new Date(metadata.publishedAt).toISOString() : now,
    changeNote: metadata.changeNote,
    significant: metadata.significant === false ? 0 : 1,
    pageCount: null,
    thumbnailKey: null,
    previewPdfKey: null,
    posterKey: null,
    previewError: null,
    createdAt: now,
  });
  await refreshCurrentVersion(trx, documentId, now);
  await reindexDocument(trx, documentId);
  await enqueuePreviewJobs(trx, { id: versionId, fileName: upload.fileName });
  if (announce) await announcePublication(trx, { id: versionId });
}

/**
 * Creates a document and its first version from a stored file, in one transaction (document,
 * products, rules, version, current version, search index, preview jobs, audit entry): a crash
 * leaves either all of it or nothing but an unreferenced file.
 */
export async function createDocument(
  deps: IngestDeps,
  metadata: CreateDocumentMetadata,
  upload: StoredUpload,
  actor?: Actor,
  audit: AuditContext = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, duplicateRef(metadata.serviceRef), async (trx) => {
    await checkNewDocument(trx, metadata);
    const now = new Date().toISOString();
    const id = randomUUID();
    await insertDocument(trx, {
      id,
      serviceRef: metadata.serviceRef,
      variantGroup: metadata.variantGroup ?? metadata.serviceRef,
      title: metadata.title,
      description: metadata.description,
      typeCode: metadata.typeCode,
      languageCode: metadata.languageCode,
      downloadable: metadata.downloadable ? 1 : 0,
      audience: metadata.audience,
      status: metadata.status ?? 'published',
      currentVersionId: null,
      createdAt: now,
      updatedAt: now,
    });
    await replaceProducts(trx, id, metadata.products);
    await replaceAccessRules(trx, id, metadata.access, actor?.email ?? null, now);
    await addVersionRows(trx, id, metadata, upload, now, metadata.status !== 'unpublished');
    const created = await load(trx, id);
    await recordAudit(trx, audit, createdEvent(audit, created));
    return created;
  });
}

/** Adds a version to a document; being the newest published one, it becomes the current version. */
export async function addVersion(
  deps: IngestDeps,
  documentId: string,
  metadata: VersionMetadata,
  upload: StoredUpload,
  audit: AuditContext = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, duplicateVersion(metadata.resourceVersion), async (trx) => {
    await checkNewVersion(trx, documentId, metadata);
    const before = await load(trx, documentId);
    await addVersionRows(trx, documentId, metadata, upload, new Date().toISOString());
    const after = await load(trx, documentId);
    await recordAudit(trx, audit, versionEvent(audit, before, after));
    return after;
  });
}

/** Changes metadata; `products` and `access`, when given, replace the previous lists. */
export async function updateDocument(
  deps: IngestDeps,
  documentId: string,
  changes: UpdateDocumentBody,
  actor?: Actor,
  audit: AuditContext = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, 'A concurrent change conflicts with this one.', async (trx) => {
    const before = await load(trx, documentId);
    await assertKnownCodes(trx, changes.typeCode, changes.products);
    const now = new Date().toISOString();
    const { products, access, downloadable, ...columns } = changes;
    await updateDocumentRow(trx, documentId, {
      ...columns,
      ...(downloadable === undefined ? {} : { downloadable: downloadable ? 1 : 0 }),
      updatedAt: now,
    });
    if (products) await replaceProducts(trx, documentId, products);
    if (access) await replaceAccessRules(trx, documentId, access, actor?.email ?? null, now);
    await reindexDocument(trx, documentId);
    const after = await load(trx, documentId);
    await recordAudits(trx, audit, editEvents(before, after));
    return after;
  });
}

/** The job kind that publishes a scheduled document (payload: `ScheduledPublication`). */
export const scheduledPublicationJobKind = 'documents.publishScheduled';

/** What the scheduled-publication job carries: the document, the time it was scheduled for, and who scheduled it. */
export interface ScheduledPublication {
  documentId: string;
  at: string;
  actor: AuditContext['actor'];
}

type StatusChange = { status: 'published' | 'unpublished' } | { status: 'scheduled'; scheduledAt: string };

/**
 * The one path of every change of a document's state: the row, the search index (which tells the
 * other processes content changed), the followers' announcement on publication, and the audit entry.
 * Publishing or withdrawing cancels a pending schedule (its job finds the document no longer scheduled).
 */
async function changeStatus(trx: Kysely<Database>, documentId: string, change: StatusChange, audit: AuditContext): Promise<AdminDocument> {
  const before = await load(trx, documentId);
  const scheduledAt = change.status === 'scheduled' ? change.scheduledAt : null;
  await updateDocumentRow(trx, documentId, { status: change.status, scheduledAt, updatedAt: new Date().toISOString() });
  await reindexDocument(trx, documentId);
  if (change.status === 'published' && before.currentVersionId) await announcePublication(trx, { id: before.currentVersionId });
  if (change.status === 'scheduled') {
    const payload: ScheduledPublication = { documentId, at: change.scheduledAt, actor: audit.actor };
    await enqueueJob(trx, {
      kind: scheduledPublicationJobKind,
      payload,
      runAfter: new Date(change.scheduledAt),
      dedupeKey: `${scheduledPublicationJobKind}:${documentId}:${change.scheduledAt}`,
    });
  }
  const after = await load(trx, documentId);
  await recordAudit(trx, audit, statusEvent(before, after));
  return after;
}

const concurrentChange = 'A concurrent change conflicts with this one.';

/** Publishes or withdraws a whole document (its versions keep their own status). */
export async function setDocumentStatus(
  deps: IngestDeps,
  documentId: string,
  status: 'published' | 'unpublished',
  audit: AuditContext = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, concurrentChange, (trx) => changeStatus(trx, documentId, { status }, audit));
}

/** Publishes a document now, or at `at` (a future time): until then it is `scheduled`, hidden from readers. */
export async function publishDocument(deps: IngestDeps, documentId: string, at: string | undefined, audit: AuditContext = unattributed): Promise<AdminDocument> {
  if (at === undefined) return setDocumentStatus(deps, documentId, 'published', audit);
  if (Date.parse(at) <= Date.now()) {
    throw badRequest('invalidParameters', 'The publication time has passed.', [{ path: 'at', message: 'must be in the future' }]);
  }
  const scheduledAt = new Date(at).toISOString();
  return inTransaction(deps, concurrentChange, (trx) => changeStatus(trx, documentId, { status: 'scheduled', scheduledAt }, audit));
}

/**
 * The scheduled-publication job: publishes the document as a manual publication would, recorded
 * under who scheduled it, but only if it is still scheduled for that time (a cancelled or moved
 * schedule leaves its job nothing to do). Returns whether it published.
 */
export async function publishScheduledDocument(deps: IngestDeps, job: ScheduledPublication): Promise<boolean> {
  const audit: AuditContext = { actor: job.actor, address: null, userAgent: 'scheduled publication', source: 'command' };
  return inTransaction(deps, concurrentChange, async (trx) => {
    const current = await loadAdminDocument(trx, job.documentId);
    if (current?.document.status !== 'scheduled' || current.document.scheduledAt !== job.at) return false;
    await changeStatus(trx, job.documentId, { status: 'published' }, audit);
    return true;
  });
}

/** Withdraws one version; the current version moves to the newest remaining published one (or none). */
export async function unpublishVersion(deps: IngestDeps, documentId: string, versionId: string, audit: AuditContext = unattributed): Promise<AdminDocument> {
  return inTransaction(deps, concurrentChange, async (trx) => {
    const before = await load(trx, documentId);
    if (!before.versions.some((version) => version.id === versionId)) {
      throw notFound('versionNotFound', 'The document has no such version.');
    }
    await setVersionStatus(trx, versionId, 'unpublished');
    await refreshCurrentVersion(trx, documentId, new Date().toISOString());
    await reindexDocument(trx, documentId);
    const after = await load(trx, documentId);
    await recordAudit(trx, audit, versionUnpublishedEvent(before, after, versionId));
    return after;
  });
}

export async function getAdminDocument(deps: IngestDeps, documentId: string): Promise<AdminDocument> {
  return load(deps.db, documentId);
}

/** The console's list: every document whatever its state or audience (publishers see all). */
export async function listAdminDocuments(deps: IngestDeps, query: AdminDocumentListQuery): Promise<AdminDocumentListResponse> {
  return presentAdminDocumentList(await listAdminDocumentRows(deps.db, query));
}
