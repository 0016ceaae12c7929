// The admin-documents module's public entry: what the importer reuses to create documents and versions.
export { addVersion, createDocument, inTransaction, publishDocument, type IngestDeps } from './admin-document.service.ts';
// A concurrent duplicate insert, which the software and CAD publishing answer with 409 too.
export { isUniqueViolation } from '../documents/index.ts';
// The document intake (the document types by default), which the importer and the demo seed store files with.
export { storeUpload } from './upload-form.ts';
// What the software and CAD publishing routes reuse: the document types and the transaction.
export { checkUploadType } from './upload-media-types.ts';
export { adminDocumentJobHandlers } from './admin-document.jobs.ts';
