// Uploads: the one multipart reader, the checked file intake, and plain text bodies (CSV imports).
export { asClientError, multipart, parseMetadata, readMultipartForm, type MultipartFile, type MultipartFormOptions } from './multipart-form.ts';
export { cleanFileName, storeCheckedFile, withoutHiddenCharacters, type StoredUpload, type UploadTypeCheck, type UploadTypeVerdict } from './file-intake.ts';
export { acceptTextBody } from './text-body.ts';
