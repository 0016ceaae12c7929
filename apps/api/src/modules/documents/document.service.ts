import type { Kysely } from 'kysely';
import { documentRefSchema, type DocumentData, type PortalDocument } from '@portal/contracts/documents';
import type { DownloadUrlList } from '@portal/contracts/downloads';
import { previewKindOf } from '@portal/contracts/previews';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus } from '../../platform/events/index.ts';
import { documentNotFound } from '../../platform/content-kinds/not-found.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { mayDownload } from '../../platform/access/index.ts';
import { userContext, type AuditContext } from '../audit/index.ts';
import { recordDownload } from '../downloads/index.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import {
  assertCanReadDocument,
  assertVersionReadable,
  canSeeAllDocuments,
  visibleDocumentsFilter,
} from './document-access.service.ts';
import { toDocumentData, toPortalDocument } from './document.presenter.ts';
import { readerFileName, readerPdfName } from './reader-file-name.ts';
import {
  findDocumentByServiceRef,
  findTypeName,
  findVersionById,
  findVersionByLabel,
  listProducts,
  listVariants,
  listVersions,
  type DocumentRow,
  type VersionRow,
} from './document.repository.ts';
import { translationStatus } from './translation-status.ts';

export interface DocumentDeps {
  db: Kysely<Database>;
  /** Where downloads are announced (`file.downloaded`). */
  events: PortalEventBus;
  fileUrls: FileUrls;
  /** Storage key of the PDF rendition of an Office version (the previews module's getOfficePdfKey). */
  officePdfKey?: (version: VersionRow) => Promise<string>;
}

const noPreview = () => new AppError(422, 'noPreview', 'This document has no PDF preview.');

/** The version a call names (it must belong to the document), or the document's current one. */
async function chosenVersion(db: Kysely<Database>, user: AuthUser, document: DocumentRow, versionId?: string): Promise<VersionRow> {
  const id = versionId ?? document.currentVersionId;
  const version = id ? await findVersionById(db, id) : undefined;
  return assertVersionReadable(user, version?.documentId === document.id ? version : undefined);
}

/** The current version of a document, or the named one (an older version, for comparing), when the user may read it. */
export async function readableDocumentVersion(db: Kysely<Database>, user: AuthUser, documentId: string, versionId?: string): Promise<VersionRow> {
  return chosenVersion(db, user, await assertCanReadDocument(db, user, documentId), versionId);
}

/** GET documentByServiceRef: 404 invalidParameters / documentNotFound / versionNotFound, 403 outside the audience. */
export async function documentByServiceRef(
  { db }: Pick<DocumentDeps, 'db'>,
  user: AuthUser,
  query: { serviceRef?: unknown; resourceVersion?: unknown },
): Promise<PortalDocument> {
  const ref = documentRefSchema.safeParse(query);
  if (!ref.success) throw notFound('invalidParameters', 'The document reference is missing or malformed.');
  const found = await findDocumentByServiceRef(db, ref.data.serviceRef);
  if (!found) throw documentNotFound();
  const document = await assertCanReadDocument(db, user, found.id);
  const version = ref.data.resourceVersion
    ? assertVersionReadable(user, await findVersionByLabel(db, document.id, ref.data.resourceVersion))
    : await chosenVersion(db, user, document);
  return toPortalDocument(document, version);
}

/** GET documentData: metadata, products, versions (newest first) and the language variants the user may see. */
export async function documentData({ db }: Pick<DocumentDeps, 'db'>, user: AuthUser, documentId: string): Promise<DocumentData> {
  const document = await assertCanReadDocument(db, user, documentId);
  const [typeName, products, versions, variants, translation] = await Promise.all([
    findTypeName(db, document.typeCode),
    listProducts(db, document.id),
    listVersions(db, document.id, canSeeAllDocuments(user)),
    listVariants(db, document, visibleDocumentsFilter(user)),
    translationStatus(db, document),
  ]);
  return toDocumentData(document, { typeName: typeName ?? document.typeCode, products, versions, variants, translation });
}

/**
 * GET pdfPreview: a signed inline URL of the current (or named) version as PDF (Office files through their
 * rendition). An image is answered with an inline URL of the image itself, for the viewer's
 * `<img>` (the download call would record a download and refuses non-downloadable documents).
 */
export async function pdfPreview(deps: DocumentDeps, user: AuthUser, documentId: string, versionId?: string): Promise<{ downloadUrl: string }> {
  const document = await assertCanReadDocument(deps.db, user, documentId);
  const version = await chosenVersion(deps.db, user, document, versionId);
  if (previewKindOf(version.fileName) === 'image') {
    const { storageKey, mediaType } = version;
    const fileName = readerFileName(document, version.fileName);
    return { downloadUrl: deps.fileUrls.sign({ storageKey, fileName, mediaType, userSub: user.sub, disposition: 'inline' }) };
  }
  let storageKey: string;
  if (version.mediaType === 'application/pdf') storageKey = version.storageKey;
  else if (previewKindOf(version.fileName) === 'docs' && deps.officePdfKey) storageKey = await deps.officePdfKey(version);
  else throw noPreview();
  const downloadUrl = deps.fileUrls.sign({ storageKey, fileName: readerPdfName(document), mediaType: 'application/pdf', userSub: user.sub, disposition: 'inline' });
  return { downloadUrl };
}

/** POST download: a signed attachment URL of the current (or named) version, recorded; 403 when not downloadable. */
export async function downloadDocument(
  deps: DocumentDeps,
  user: AuthUser,
  documentId: string,
  versionId?: string,
  audit: AuditContext = userContext(user),
): Promise<DownloadUrlList> {
  const document = await assertCanReadDocument(deps.db, user, documentId);
  if (!mayDownload(user, document)) throw forbidden('This document cannot be downloaded.');
  const version = await chosenVersion(deps.db, user, document, versionId);
  const { storageKey, fileName, mediaType } = version;
  const downloadUrl = deps.fileUrls.sign({ storageKey, fileName: readerFileName(document, fileName), mediaType, userSub: user.sub, disposition: 'attachment' });
  // The record keeps the uploaded name: the audit log shows it to staff, and the history tells a version's file from a zip by it.
  await recordDownload(deps, {
    userSub: user.sub,
    itemKind: 'document',
    itemId: document.id,
    versionId: version.id,
    versionLabel: version.resourceVersion,
    fileName,
    title: document.title,
  }, audit);
  return [{ downloadUrl }];
}
