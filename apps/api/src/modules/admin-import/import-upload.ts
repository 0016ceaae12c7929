import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { adminImportMetadataSchema, type AdminImportMetadata, type ImportPublicationBody } from '@portal/contracts/admin-import';
import { badRequest, payloadTooLarge } from '../../platform/errors.ts';
import { parseMetadata, readMultipartForm, withoutHiddenCharacters } from '../../platform/uploads/index.ts';
import { safeRelativePath, UploadTally, type UploadLimits } from './upload-paths.ts';
import { extractZip } from './zip-extract.ts';

export interface ReceivedUpload {
  kind: 'zip' | 'folder';
  /** The zip's file name or the folder's name, for the list of imports. */
  source: string;
  files: number;
  /** Only a dry run: say what the import would do, create nothing. */
  dryRun: boolean;
  publication: ImportPublicationBody;
}

/** Where an upload's files land (`<folder>/files`) before the import job reads them. */
export const uploadedFilesOf = (folder: string) => join(folder, 'files');

const maxSourceLength = 200;
/** Multipart framing and the path fields around the files. */
const framingBytes = (limits: UploadLimits) => limits.maxFiles * (limits.maxPathLength + 512) + 1024 * 1024;

const sourceName = (raw: string, fallback: string) => withoutHiddenCharacters(basename(raw.replaceAll('\\', '/'))).trim().slice(0, maxSourceLength) || fallback;

/** Passes bytes on until there are more than `maxBytes`, counting each chunk with `onBytes`. */
function limited(maxBytes: number, tooLarge: () => Error, onBytes: (bytes: number) => void = () => undefined): Transform {
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      length += chunk.length;
      if (length > maxBytes) return callback(tooLarge());
      try {
        onBytes(chunk.length);
      } catch (error) {
        return callback(error as Error);
      }
      callback(null, chunk);
    },
  });
}

async function save(source: NodeJS.ReadableStream, target: string, limit: Transform): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  // `wx`: a new file only, never one already there.
  await pipeline(source, limit, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
}

/**
 * Reads `POST /api/Admin/imports` into `folder`: the `metadata` field, then either one zip (stored,
 * then unpacked) or the folder's files in the order of its paths. Every path is checked before a
 * byte is stored, every size while the bytes arrive; throws 400, 413 or 415 and leaves the folder
 * to the caller to remove.
 */
export async function receiveUpload(request: FastifyRequest, folder: string, limits: UploadLimits): Promise<ReceivedUpload> {
  const filesFolder = uploadedFilesOf(folder);
  await mkdir(filesFolder, { recursive: true, mode: 0o700 });
  const tally = new UploadTally(limits);
  const tooLarge = (what: string, bytes: number) => () => payloadTooLarge(`${what} is larger than the ${bytes} bytes allowed.`);
  let metadata: AdminImportMetadata | undefined;
  let paths: string[] = [];
  let zip: string | undefined;
  let received = 0;
  await readMultipartForm(request, {
    notMultipart: 'Send multipart/form-data with a metadata field, then the zip or the files.',
    declaredLimit: { bytes: limits.maxTotalBytes + framingBytes(limits), message: `An import holds at most ${limits.maxTotalBytes} bytes of files.` },
    limits: { files: limits.maxFiles, fields: 2, fieldSize: limits.maxFiles * (limits.maxPathLength * 4 + 8) + 1024, fileSize: Math.max(limits.maxFileBytes, limits.maxTotalBytes) + 1 },
    onField: (name, value) => {
      if (name !== 'metadata') return;
      metadata = parseMetadata(adminImportMetadataSchema, value);
      // Every path is checked (and counted) before any file is stored.
      paths = metadata.kind === 'folder' ? metadata.paths.map((path) => safeRelativePath(path, limits)) : [];
      for (const path of paths) tally.add(path);
    },
    onFile: async (file) => {
      if (metadata === undefined) throw badRequest('invalidParameters', 'Send the metadata field before the files.');
      if (metadata.kind === 'zip') {
        if (zip !== undefined) throw badRequest('invalidParameters', 'Send one zip at a time.');
        zip = sourceName(file.filename, 'upload.zip');
        await save(file.stream, join(folder, 'upload.zip'), limited(limits.maxTotalBytes, tooLarge('The zip', limits.maxTotalBytes)));
        return;
      }
      const path = paths[received];
      if (path === undefined) throw badRequest('invalidParameters', `The upload holds more files than the ${paths.length} paths of its metadata.`);
      received += 1;
      await save(file.stream, join(filesFolder, ...path.split('/')), limited(limits.maxFileBytes, tooLarge(path, limits.maxFileBytes), (bytes) => tally.count(bytes)));
    },
  });
  if (metadata === undefined) throw badRequest('invalidParameters', 'The metadata field is missing.');
  if (metadata.kind === 'zip') {
    if (zip === undefined) throw badRequest('invalidParameters', 'The zip is missing.');
    const files = await extractZip(join(folder, 'upload.zip'), filesFolder, limits);
    await rm(join(folder, 'upload.zip'), { force: true });
    if (files.length === 0) throw badRequest('invalidParameters', 'The zip holds no files.');
    return { kind: 'zip', source: zip, files: files.length, dryRun: metadata.dryRun, publication: metadata.publication };
  }
  if (received !== paths.length) throw badRequest('invalidParameters', `The upload holds ${received} files for the ${paths.length} paths of its metadata.`);
  return { kind: 'folder', source: sourceName(metadata.source ?? '', 'folder'), files: received, dryRun: metadata.dryRun, publication: metadata.publication };
}
