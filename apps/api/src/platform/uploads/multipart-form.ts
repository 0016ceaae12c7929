import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.ts';

/** The multipart plugin, registered by each route plugin that takes uploads (only this folder imports it). */
export { multipart };

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

/** One `file` field as it streams in. */
export interface MultipartFile {
  filename: string;
  mimetype: string;
  stream: Readable;
  /** The whole file in memory (413 past the file size limit): for small files only. */
  toBuffer: () => Promise<Buffer>;
}

export interface MultipartFormOptions {
  /** The 415 message when the body is not multipart/form-data (what to send instead). */
  notMultipart: string;
  /** Refused with 413 and this message before a byte is read when the declared length is above `bytes`. */
  declaredLimit?: { bytes: number; message: string };
  /** The parser's bounds: bytes per file, number of files and fields, bytes per field. */
  limits: { fileSize: number; files: number; fields: number; fieldSize: number };
  /** Each text field, in order. */
  onField?: (name: string, value: string) => void;
  /** Each `file` field, in order; its stream must be consumed (or destroyed) before it returns. Other file fields are skipped. */
  onFile: (file: MultipartFile) => Promise<void>;
}

/**
 * The one multipart reader: checks the media type and the declared length, then hands each text
 * field and each `file` field to the caller while the body streams in (nothing is buffered here).
 * Throws 400 for a malformed body, 413 past a limit, 415 for another media type, or what a
 * callback threw.
 */
export async function readMultipartForm(request: FastifyRequest, options: MultipartFormOptions): Promise<void> {
  if (!request.isMultipart()) throw unsupportedMediaType(options.notMultipart);
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (options.declaredLimit && declaredLength > options.declaredLimit.bytes) throw payloadTooLarge(options.declaredLimit.message);
  try {
    for await (const part of request.parts({ limits: options.limits })) {
      if (part.type === 'field') {
        options.onField?.(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      await options.onFile({ filename: part.filename, mimetype: part.mimetype, stream: part.file, toBuffer: () => part.toBuffer() });
    }
  } catch (error) {
    throw asClientError(error);
  }
}
