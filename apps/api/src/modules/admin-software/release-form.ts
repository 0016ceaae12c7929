import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { maxVersionFiles } from '@portal/contracts/admin-software';
import { badRequest } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { parseMetadata, readMultipartForm, storeCheckedFile, type StoredUpload } from '../../platform/uploads/index.ts';
import { checkReleaseFileType } from './release-file-types.ts';

export interface ReleaseFormOptions<T> {
  storage: FileStorage;
  /** Limit of each file. */
  maxBytes: number;
  /** Checks that need the metadata and no bytes (unknown item, duplicate version): run before any file is stored. */
  beforeFiles: (metadata: T) => Promise<void>;
}

/**
 * Reads the multipart body of a new software or library version: a `metadata` field (JSON,
 * validated by `schema`) first, then one or more `file` fields, each sniffed, size-limited and
 * stored while it streams in. Two files of one version may not share a name (case aside).
 */
export async function readReleaseForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: ReleaseFormOptions<z.infer<S>>,
): Promise<{ metadata: z.infer<S>; uploads: StoredUpload[] }> {
  let metadata: z.infer<S> | undefined;
  const uploads: StoredUpload[] = [];
  const names = new Set<string>();
  await readMultipartForm(request, {
    notMultipart: 'Send multipart/form-data with a metadata field, then one or more file fields.',
    declaredLimit: {
      bytes: maxVersionFiles * (options.maxBytes + 1024 * 1024),
      message: `A version holds at most ${maxVersionFiles} files of ${options.maxBytes} bytes each.`,
    },
    limits: { fileSize: options.maxBytes + 1, files: maxVersionFiles + 1, fields: 5, fieldSize: 1024 * 1024 },
    onField: (name, value) => {
      if (name === 'metadata') metadata = parseMetadata(schema, value);
    },
    onFile: async (file) => {
      if (metadata === undefined) throw badRequest('invalidParameters', 'Send the metadata field before the file fields.');
      if (uploads.length === 0) await options.beforeFiles(metadata);
      if (uploads.length === maxVersionFiles) throw badRequest('invalidParameters', `A version holds at most ${maxVersionFiles} files.`);
      const upload = await storeCheckedFile(options.storage, file.stream, file.filename, options.maxBytes, checkReleaseFileType);
      const key = upload.fileName.toLowerCase();
      if (names.has(key)) throw badRequest('invalidParameters', `Two files are named ${upload.fileName}.`);
      names.add(key);
      uploads.push(upload);
    },
  });
  if (metadata === undefined) throw badRequest('invalidParameters', 'The metadata field is missing.');
  if (uploads.length === 0) throw badRequest('invalidParameters', 'The file field is missing: a version needs at least one file.');
  return { metadata, uploads };
}
