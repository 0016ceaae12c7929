// The documents module's public entry: other modules import documents only from here.
// The access rule is re-exported whole: it is the one place that decides who may see a document.
export * from './document-access.service.ts';
export { readableDocumentVersion } from './document.service.ts';
export { documentKind } from './document-kind.ts';
export { toPortalDocument } from './document.presenter.ts';
// The file name readers get for a version (never the uploaded one, issue 32).
export { readerFileName, readerPdfName } from './reader-file-name.ts';
// Whether translations are behind their source (search cards, unit pages and alerts read it).
export { translationStatus, translationStatuses, translationStatusesOf, type TranslationFields } from './translation-status.ts';
export {
  findDocumentById,
  findDocumentByServiceRef,
  findVersionById,
  findVersionByLabel,
  hasUserGrants,
  listVersions,
  productCodesByDocument,
  referenceNames,
  type DocumentCardRow,
  type DocumentFilter,
  type DocumentRow,
} from './document.repository.ts';
// The tables' row types, for the modules that take rows of documents through this entry.
export type { DocumentAccessTable, DocumentTypesTable, DocumentsTable, DocumentVersionsTable, ProductsTable } from './document.tables.ts';
// What software (release notes), the previews (stored files), the machine passport, the jobs console and the imports read or add through documents.
export {
  findPosterKey,
  findReleaseNotes,
  listVersionIdsHolding,
  versionsOf,
  visibleDocuments,
  visibleVariants,
  type ApplicableDocumentRow,
  type ApplicableVersionRow,
  type ReleaseNotesRow,
  versionSubjects,
  type VersionSubjectRow,
} from './document-lookups.repository.ts';
export { existingCodes, insertMissingCodes, loadReferenceCodes } from './reference-data.repository.ts';
// What the search index reads of documents.
export { countDocuments, documentIdsAfter, findIndexSource, inAnyProduct, versionTexts, type IndexSourceRow } from './search-source.repository.ts';
// The named-user grants of a document, as the access module lists and revokes them.
export { deleteUserGrant, documentExists, userGrantRows, type UserGrantRow } from './document-grant.repository.ts';
// The products' expected lifetimes, which the machine passport's retention reads and staff set.
export { listProducts, productLifetimes, setProductLifetime, type ProductRow } from './product.repository.ts';
// Deleting a version (admin-documents, once the machine passport's retention allows it).
export { deleteVersionRow } from './version-removal.repository.ts';
// The publishing console's writes and reads (admin-documents takes them from here).
export {
  insertDocument,
  insertVersion,
  isUniqueViolation,
  loadAdminDocument,
  refreshCurrentVersion,
  replaceAccessRules,
  replaceProducts,
  setVersionStatus,
  updateDocumentRow,
  type AdminDocumentRows,
} from './document-writer.repository.ts';
export { listAdminDocumentRows, type AdminDocumentListRows } from './console-list.repository.ts';
// What the preview jobs read of a version and write back onto it.
export { findPreviewVersion, saveVersionText, updateVersionPreview, type PreviewColumns, type PreviewVersion } from './version-preview.repository.ts';
// What the alerts read of the documents, versions and products followed.
export { documentPasses, findFollowableDocument, findProduct, findPublication, isVersionPublished, type Publication } from './alert-source.repository.ts';
// What the statistics compose into their counts: the documents of a product and the titles.
export { documentIdsOfProduct, documentTitles } from './statistics-source.repository.ts';
// The language coverage report's table (language-coverage): per product × type and language, current, behind or missing.
export { languageCoverageTable, type CoverageOptions, type CoverageTable } from './language-coverage.repository.ts';
// What the search catalogue streams of documents, numbered by the search index's rowids, and its pages' rows.
export {
  catalogueResultRows,
  catalogueRules,
  streamCatalogueDocuments,
  streamCatalogueProducts,
  type NumberedDocuments,
} from './catalogue-source.repository.ts';
// The document rules' part of the personal-data export and erasure (privacy).
export { documentPersonalData } from './document-personal-data.repository.ts';
// The storage keys the versions refer to, for the backup (listed in modules/stored-files.ts).
export { documentFileKeys } from './stored-files.repository.ts';
// The titles the audit log names documents and products by.
export { documentNames, productNames, type NamedObject } from './document-titles.repository.ts';
// What the importer numbers new documents by, recognises files it imported before by, and lists an import's drafts with.
export { documentSummaries, findVersionBySha256, highestReferenceNumber } from './document-references.repository.ts';
