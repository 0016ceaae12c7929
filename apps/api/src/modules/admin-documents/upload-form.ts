import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { parseMetadata, readMultipartForm, storeCheckedFile, type StoredUpload, type UploadTypeCheck } from '../../platform/uploads/index.ts';
import { checkUploadType } from './upload-media-types.ts';

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

export interface UploadFormOptions<T> {
  storage: FileStorage;
  maxBytes: number;
  /** Checks that need the metadata and no bytes (unknown codes, duplicates): run before the file is stored. */
  beforeFile?: (metadata: T) => Promise<void>;
}

/**
 * Reads a document upload: a `metadata` field (JSON, validated by `schema`) first, then a `file`.
 * The metadata is checked before a byte of the file is stored; the file is sniffed, size-limited
 * and stored while it streams in (never held in memory).
 */
export async function readUploadForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: UploadFormOptions<z.infer<S>>,
): Promise<{ metadata: z.infer<S>; upload: StoredUpload }> {
  let metadata: z.infer<S> | undefined;
  let upload: StoredUpload | undefined;
  await readMultipartForm(request, {
    notMultipart: 'Send multipart/form-data with a metadata field, then a file field.',
    // Multipart adds a little around the file; anything far above the limit is refused before reading.
    declaredLimit: { bytes: options.maxBytes + 1024 * 1024, message: `The file is larger than the ${options.maxBytes} bytes allowed.` },
    limits: { fileSize: options.maxBytes + 1, files: 1, fields: 5, fieldSize: 1024 * 1024 },
    onField: (name, value) => {
      if (name === 'metadata') metadata = parseMetadata(schema, value);
    },
    onFile: async (file) => {
      if (metadata === undefined) throw badRequest('invalidParameters', 'Send the metadata field before the file field.');
      await options.beforeFile?.(metadata);
      upload = await storeUpload(options.storage, file.stream, file.filename, options.maxBytes);
    },
  });
  if (metadata === undefined) throw badRequest('invalidParameters', 'The metadata field is missing.');
  if (!upload) throw badRequest('invalidParameters', 'The file field is missing.');
  return { metadata, upload };
}
