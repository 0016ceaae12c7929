// The documents module owns the documents' tables: the console's writes, and its read of one document, are its functions.
export {
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
  type AdminDocumentRows,
} from '../documents/index.ts';
