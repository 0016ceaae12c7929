import type { Readable } from 'node:stream';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { storeCheckedFile, type StoredUpload, type UploadTypeCheck } from '../../platform/uploads/index.ts';
import { checkUploadType } from './upload-media-types.ts';

export { cleanFileName, withoutHiddenCharacters, type StoredUpload, type UploadTypeCheck } from '../../platform/uploads/index.ts';

/**
 * Checks and stores an uploaded file (platform/uploads' intake): 400, 413 or 415 with the reason,
 * nothing left in storage and the source closed when it throws. `checkType` defaults to the document types.
 */
export function storeUpload(
  storage: FileStorage,
  source: Readable,
  rawFileName: string,
  maxBytes: number,
  checkType: UploadTypeCheck = checkUploadType,
): Promise<StoredUpload> {
  return storeCheckedFile(storage, source, rawFileName, maxBytes, checkType);
}
