import type { DocumentData, DocumentRevision, DocumentVersion, PortalDocument } from '@portal/contracts/documents';
import type { DocumentRow, VersionRow } from './document.repository.ts';
import { readerFileName } from './reader-file-name.ts';

/** The Document of spec §3 for one version of a document. */
export function toPortalDocument(document: DocumentRow, version: VersionRow): PortalDocument {
  return {
    id: document.id,
    fileName: readerFileName(document, version.fileName),
    title: document.title,
    downloadableDocument: document.downloadable === 1,
    serviceRef: document.serviceRef,
    resourceVersion: version.resourceVersion,
    versionId: version.id,
    mediaType: version.mediaType,
    size: Number(version.size),
    typeCode: document.typeCode,
    languageCode: document.languageCode,
    publishedAt: version.publishedAt,
  };
}

export function toDocumentVersion(document: DocumentRow, version: VersionRow): DocumentVersion {
  return {
    id: version.id,
    resourceVersion: version.resourceVersion,
    fileName: readerFileName(document, version.fileName),
    size: Number(version.size),
    mediaType: version.mediaType,
    publishedAt: version.publishedAt,
    changeNote: version.changeNote,
    pageCount: version.pageCount,
    status: version.status,
    isCurrent: version.id === document.currentVersionId,
  };
}

export function toDocumentRevision(document: DocumentRow, version: VersionRow): DocumentRevision {
  const { id, resourceVersion, publishedAt, changeNote } = version;
  return { id, resourceVersion, fileName: readerFileName(document, version.fileName), publishedAt, changeNote, isCurrent: id === document.currentVersionId };
}

export function toDocumentData(
  document: DocumentRow,
  related: Pick<DocumentData, 'typeName' | 'products' | 'variants' | 'translation'> & { versions: VersionRow[] },
): DocumentData {
  // `versions` come newest first and, for staff, with unpublished ones; revisions are what readers can open.
  const revisions = related.versions
    .filter((version) => version.status === 'published')
    .map((version) => toDocumentRevision(document, version));
  return {
    id: document.id,
    serviceRef: document.serviceRef,
    title: document.title,
    description: document.description,
    typeCode: document.typeCode,
    typeName: related.typeName,
    languageCode: document.languageCode,
    downloadableDocument: document.downloadable === 1,
    audience: document.audience,
    status: document.status,
    currentVersionId: document.currentVersionId,
    products: related.products,
    versions: related.versions.map((version) => toDocumentVersion(document, version)),
    variants: related.variants,
    revision: revisions[0]?.resourceVersion ?? null,
    publishedAt: revisions[0]?.publishedAt ?? null,
    revisions,
    translation: related.translation,
  };
}
