import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { storeUpload, type StoredUpload } from './upload-intake.ts';

export interface UploadFormOptions<T> {
  storage: FileStorage;
  maxBytes: number;
  /** Checks that need the metadata and no bytes (unknown codes, duplicates): run before the file is stored. */
  beforeFile?: (metadata: T) => Promise<void>;
}

/** The `metadata` field's JSON, validated by `schema`: 400 listing every invalid field. */
export function parseMetadata<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw badRequest('invalidParameters', 'The metadata field is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || '(metadata)', message: issue.message }));
    throw badRequest('invalidParameters', 'The metadata has invalid fields.', details);
  }
  return parsed.data;
}

/** What the multipart parser throws on a truncated or malformed body (or a boundary it cannot use): the client's fault. */
const malformedMultipart = ['unexpected end of multipart data', 'boundary not found', 'the needle cannot'];

export function asClientError(error: unknown): unknown {
  const parserError = error instanceof Error && !('statusCode' in error) && malformedMultipart.some((text) => error.message.toLowerCase().includes(text));
  return parserError ? badRequest('invalidParameters', 'The multipart body is malformed.') : error;
}

/**
 * Reads a multipart upload: a `metadata` field (JSON, validated by `schema`) first, then a `file`.
 * The metadata is checked before a byte of the file is stored; the file is sniffed, size-limited
 * and stored while it streams in (never held in memory).
 */
export async function readUploadForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: UploadFormOptions<z.infer<S>>,
): Promise<{ metadata: z.infer<S>; upload: StoredUpload }> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send multipart/form-data with a metadata field, then a file field.');
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  // Multipart adds a little around the file; anything far above the limit is refused before reading.
  if (declaredLength > options.maxBytes + 1024 * 1024) throw payloadTooLarge(`The file is larger than the ${options.maxBytes} bytes allowed.`);
  let metadata: z.infer<S> | undefined;
  let upload: StoredUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes + 1, files: 1, fields: 5, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'metadata') metadata = parseMetadata(schema, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (metadata === undefined) throw badRequest('invalidParameters', 'Send the metadata field before the file field.');
      await options.beforeFile?.(metadata);
      upload = await storeUpload(options.storage, part.file, part.filename, options.maxBytes);
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (metadata === undefined) throw badRequest('invalidParameters', 'The metadata field is missing.');
  if (!upload) throw badRequest('invalidParameters', 'The file field is missing.');
  return { metadata, upload };
}
