import type { AdminDocumentListResponse } from '@portal/contracts/admin-document-list';
import type { AdminDocument } from '@portal/contracts/admin-documents';
import type { AdminDocumentListRows, AdminDocumentRows } from '../documents/index.ts';

export function presentAdminDocument({ document, products, access, versions }: AdminDocumentRows): AdminDocument {
  return {
    id: document.id,
    serviceRef: document.serviceRef,
    variantGroup: document.variantGroup,
    title: document.title,
    description: document.description,
    typeCode: document.typeCode,
    languageCode: document.languageCode,
    sourceLanguage: document.sourceLanguage,
    followsRevision: document.followsRevision,
    products,
    downloadable: document.downloadable === 1,
    audience: document.audience,
    access,
    status: document.status,
    scheduledAt: document.scheduledAt,
    currentVersionId: document.currentVersionId,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
    versions: versions.map((version) => ({
      id: version.id,
      resourceVersion: version.resourceVersion,
      fileName: version.fileName,
      size: version.size,
      mediaType: version.mediaType,
      sha256: version.sha256,
      status: version.status,
      publishedAt: version.publishedAt,
      changeNote: version.changeNote,
      significant: version.significant === 1,
    })),
  };
}

export function presentAdminDocumentList({ rows, products, ruleCounts, total }: AdminDocumentListRows): AdminDocumentListResponse {
  return {
    items: rows.map((row) => ({
      id: row.id,
      serviceRef: row.serviceRef,
      title: row.title,
      typeCode: row.typeCode,
      languageCode: row.languageCode,
      variantGroup: row.variantGroup,
      products: products.get(row.id) ?? [],
      audience: { kind: row.audience, rules: ruleCounts.get(row.id) ?? 0 },
      state: row.status,
      scheduledAt: row.scheduledAt,
      currentVersion: row.currentVersionId && row.currentResourceVersion ? { id: row.currentVersionId, resourceVersion: row.currentResourceVersion } : null,
      updatedAt: row.updatedAt,
    })),
    total,
  };
}
