import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminDocumentListQuery, AdminDocumentListResponse } from '@portal/contracts/admin-document-list';
import type {
  AdminDocument,
  CreateDocumentMetadata,
  PublishDocumentsResult,
  UpdateDocumentBody,
} from '@portal/contracts/admin-documents';
import type { Database } from '../../platform/db/schema.ts';
import { documentNotFound, documentVersionNotFound } from '../../platform/content-kinds/not-found.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ChangeOrigin, Emit, PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { listAdminDocumentRows, insertDocument, insertVersion, isUniqueViolation, loadAdminDocument, refreshCurrentVersion, replaceAccessRules, replaceProducts, setVersionStatus, updateDocumentRow } from '../documents/index.ts';
import { presentAdminDocument, presentAdminDocumentList } from './admin-document.presenter.ts';
import type { StoredUpload } from '../../platform/uploads/index.ts';
import { assertKnownCodes, checkNewDocument, checkNewVersion, duplicateRef, duplicateVersion, type VersionMetadata } from './admin-document.checks.ts';
import { assertTranslationSource } from './translation-source.checks.ts';
import { emitFollowedRevision } from './translation-followed.ts';

/*
 * The publishing side's writers. Each change runs in one transaction of the event bus and emits what happened
 * (portal-events.ts); search, previews, alerts and the audit log subscribe (event-subscribers.ts), so this
 * file calls none of them.
 */

export interface IngestDeps {
  db: Kysely<Database>;
  /** The portal's event bus (`app.events`, or `createPortalEvents` in a command): the changes are announced on it. */
  events: PortalEventBus;
  /** Called after a commit whose subscribers queued jobs (previews, alerts: the job runner's wake-up). */
  afterCommit?: () => void;
}

/** Who made the change (recorded as the granter of access rules). */
export interface Actor {
  email: string;
}

/** A change made without an origin (the demo seed, a bench): no actor, no address. */
const unattributed: ChangeOrigin = { actor: null, address: null, userAgent: null, source: 'command' };

async function load(db: Kysely<Database>, id: string): Promise<AdminDocument> {
  const rows = await loadAdminDocument(db, id);
  if (!rows) throw documentNotFound();
  return presentAdminDocument(rows);
}

/** Runs one change in a transaction of the event bus; a concurrent duplicate (serviceRef, version label…) becomes 409 with `duplicate`. */
export async function inTransaction<T>(deps: IngestDeps, duplicate: string, work: (trx: Kysely<Database>, emit: Emit<PortalEvents>) => Promise<T>): Promise<T> {
  try {
    const result = await deps.events.transaction(deps.db, work);
    deps.afterCommit?.();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicate);
    throw error;
  }
}

/** Inserts a version and makes the newest published one current; returns its id. */
async function addVersionRows(trx: Kysely<Database>, documentId: string, metadata: VersionMetadata, upload: StoredUpload, now: string): Promise<string> {
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
  return versionId;
}

/**
 * Creates a document and its first version from a stored file, in one transaction (document, products, rules,
 * version, current version, and what the subscribers of its events write: search index, preview jobs, the
 * followers' fan-out unless it is a draft, audit entry): a crash leaves all of it or nothing but an unreferenced file.
 */
export async function createDocument(
  deps: IngestDeps,
  metadata: CreateDocumentMetadata,
  upload: StoredUpload,
  actor?: Actor,
  origin: ChangeOrigin = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, duplicateRef(metadata.serviceRef), async (trx, emit) => {
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
      sourceLanguage: metadata.sourceLanguage ?? null,
      followsRevision: metadata.followsRevision ?? null,
      downloadable: metadata.downloadable ? 1 : 0,
      audience: metadata.audience,
      status: metadata.status ?? 'unpublished',
      currentVersionId: null,
      createdAt: now,
      updatedAt: now,
    });
    await replaceProducts(trx, id, metadata.products);
    await replaceAccessRules(trx, id, metadata.access, actor?.email ?? null, now);
    const versionId = await addVersionRows(trx, id, metadata, upload, now);
    const created = await load(trx, id);
    await emit('document.version-added', { documentId: id, version: { id: versionId, fileName: upload.fileName }, before: null, after: created, origin });
    // A draft's followers hear of it when it is published.
    if (created.status === 'published') await emit('document.published', { documentId: id, versionId, origin });
    return created;
  });
}

/** Adds a version to a document; being the newest published one, it becomes the current version. */
export async function addVersion(
  deps: IngestDeps,
  documentId: string,
  metadata: VersionMetadata,
  upload: StoredUpload,
  origin: ChangeOrigin = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, duplicateVersion(metadata.resourceVersion), async (trx, emit) => {
    await checkNewVersion(trx, documentId, metadata);
    const before = await load(trx, documentId);
    const now = new Date().toISOString();
    const versionId = await addVersionRows(trx, documentId, metadata, upload, now);
    if (typeof metadata.followsRevision === 'string') await updateDocumentRow(trx, documentId, { followsRevision: metadata.followsRevision, updatedAt: now });
    const after = await load(trx, documentId);
    await emit('document.version-added', { documentId, version: { id: versionId, fileName: upload.fileName }, before, after, origin });
    // A version of a draft or scheduled document is announced with the document's publication.
    if (after.status === 'published') await emit('document.published', { documentId, versionId, origin });
    await emitFollowedRevision(emit, { documentId, versionId, before, after, origin });
    return after;
  });
}

const concurrentChange = 'A concurrent change conflicts with this one.';

/** Changes metadata; `products` and `access`, when given, replace the previous lists. */
export async function updateDocument(
  deps: IngestDeps,
  documentId: string,
  changes: UpdateDocumentBody,
  actor?: Actor,
  origin: ChangeOrigin = unattributed,
): Promise<AdminDocument> {
  return inTransaction(deps, concurrentChange, async (trx, emit) => {
    const before = await load(trx, documentId);
    assertTranslationSource({
      languageCode: changes.languageCode ?? before.languageCode,
      sourceLanguage: changes.sourceLanguage === undefined ? before.sourceLanguage : changes.sourceLanguage,
      followsRevision: changes.followsRevision === undefined ? before.followsRevision : changes.followsRevision,
    });
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
    const after = await load(trx, documentId);
    await emit('document.edited', { documentId, before, after, origin });
    if (after.currentVersionId !== null) await emitFollowedRevision(emit, { documentId, versionId: after.currentVersionId, before, after, origin });
    return after;
  });
}

/** The job kind that publishes a scheduled document (payload: `ScheduledPublication`). */
export const scheduledPublicationJobKind = 'documents.publishScheduled';

/** What the scheduled-publication job carries: the document, the time it was scheduled for, and who scheduled it. */
export interface ScheduledPublication {
  documentId: string;
  at: string;
  actor: ChangeOrigin['actor'];
}

type StatusChange = { status: 'published' | 'unpublished' } | { status: 'scheduled'; scheduledAt: string };

/**
 * The one path of every change of a document's state: the row, the schedule's job, and the events (the search
 * index, the followers' announcement on publication, the audit entry subscribe). Publishing or withdrawing
 * cancels a pending schedule (its job finds the document no longer scheduled).
 */
async function changeStatus(trx: Kysely<Database>, emit: Emit<PortalEvents>, documentId: string, change: StatusChange, origin: ChangeOrigin): Promise<AdminDocument> {
  const before = await load(trx, documentId);
  const scheduledAt = change.status === 'scheduled' ? change.scheduledAt : null;
  await updateDocumentRow(trx, documentId, { status: change.status, scheduledAt, updatedAt: new Date().toISOString() });
  if (change.status === 'scheduled') {
    const payload: ScheduledPublication = { documentId, at: change.scheduledAt, actor: origin.actor };
    await enqueueJob(trx, {
      kind: scheduledPublicationJobKind,
      payload,
      runAfter: new Date(change.scheduledAt),
      dedupeKey: `${scheduledPublicationJobKind}:${documentId}:${change.scheduledAt}`,
    });
  }
  const after = await load(trx, documentId);
  await emit('document.status-changed', { documentId, before, after, origin });
  if (change.status === 'published' && before.currentVersionId) await emit('document.published', { documentId, versionId: before.currentVersionId, origin });
  return after;
}

/** Publishes or withdraws a whole document (its versions keep their own status). */
export async function setDocumentStatus(deps: IngestDeps, documentId: string, status: 'published' | 'unpublished', origin: ChangeOrigin = unattributed): Promise<AdminDocument> {
  return inTransaction(deps, concurrentChange, (trx, emit) => changeStatus(trx, emit, documentId, { status }, origin));
}

/** Publishes a document now, or at `at` (a future time): until then it is `scheduled`, hidden from readers. */
export async function publishDocument(deps: IngestDeps, documentId: string, at: string | undefined, origin: ChangeOrigin = unattributed): Promise<AdminDocument> {
  if (at === undefined) return setDocumentStatus(deps, documentId, 'published', origin);
  if (Date.parse(at) <= Date.now()) {
    throw badRequest('invalidParameters', 'The publication time has passed.', [{ path: 'at', message: 'must be in the future' }]);
  }
  const scheduledAt = new Date(at).toISOString();
  return inTransaction(deps, concurrentChange, (trx, emit) => changeStatus(trx, emit, documentId, { status: 'scheduled', scheduledAt }, origin));
}

/**
 * Publishes the documents of a review list now or at `at`, one transaction and audit entry each (as one by one);
 * all are checked first (404 naming the unknown ones, nothing published), documents already published stay as they are.
 */
export async function publishDocuments(deps: IngestDeps, ids: readonly string[], at: string | undefined, origin: ChangeOrigin = unattributed): Promise<PublishDocumentsResult> {
  if (at !== undefined && Date.parse(at) <= Date.now()) {
    throw badRequest('invalidParameters', 'The publication time has passed.', [{ path: 'at', message: 'must be in the future' }]);
  }
  const found = await Promise.all(ids.map((id) => loadAdminDocument(deps.db, id)));
  const unknown = ids.filter((_, index) => !found[index]);
  if (unknown.length > 0) throw notFound('notFound', `There is no document ${unknown.slice(0, 20).join(', ')}.`);
  const items: PublishDocumentsResult['items'] = [];
  for (const id of ids) {
    const current = await load(deps.db, id);
    const after = at === undefined && current.status === 'published' ? current : await publishDocument(deps, id, at, origin);
    items.push({ id, title: after.title, status: after.status, scheduledAt: after.scheduledAt });
  }
  return { items };
}

/**
 * The scheduled-publication job: publishes the document as a manual publication would, recorded
 * under who scheduled it, but only if it is still scheduled for that time (a cancelled or moved
 * schedule leaves its job nothing to do). Returns whether it published.
 */
export async function publishScheduledDocument(deps: IngestDeps, job: ScheduledPublication): Promise<boolean> {
  const origin: ChangeOrigin = { actor: job.actor, address: null, userAgent: 'scheduled publication', source: 'command' };
  return inTransaction(deps, concurrentChange, async (trx, emit) => {
    const current = await loadAdminDocument(trx, job.documentId);
    if (current?.document.status !== 'scheduled' || current.document.scheduledAt !== job.at) return false;
    await changeStatus(trx, emit, job.documentId, { status: 'published' }, origin);
    return true;
  });
}

/** Withdraws one version; the current version moves to the newest remaining published one (or none). */
export async function unpublishVersion(deps: IngestDeps, documentId: string, versionId: string, origin: ChangeOrigin = unattributed): Promise<AdminDocument> {
  return inTransaction(deps, concurrentChange, async (trx, emit) => {
    const before = await load(trx, documentId);
    if (!before.versions.some((version) => version.id === versionId)) {
      throw documentVersionNotFound();
    }
    await setVersionStatus(trx, versionId, 'unpublished');
    await refreshCurrentVersion(trx, documentId, new Date().toISOString());
    const after = await load(trx, documentId);
    await emit('document.version-withdrawn', { documentId, versionId, before, after, origin });
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
