// The admin-documents module's public entry: what the importer reuses to create documents and versions.
export { addVersion, createDocument, type IngestDeps } from './admin-document.service.ts';
export { storeUpload, withoutHiddenCharacters, type StoredUpload } from './upload-intake.ts';
export { adminDocumentJobHandlers } from './admin-document.jobs.ts';
