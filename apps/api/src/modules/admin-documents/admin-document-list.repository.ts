// The documents module owns the documents' tables: the console's list is its query.
export { listAdminDocumentRows, type AdminDocumentListRows } from '../documents/index.ts';
