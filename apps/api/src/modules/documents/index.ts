// The documents module's public entry: other modules import documents only from here.
// The access rule is re-exported whole: it is the one place that decides who may see a document.
export * from './document-access.service.ts';
export { documentKind } from './document-kind.ts';
export { toPortalDocument } from './document.presenter.ts';
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
