import { basename } from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { fileExtension } from '@portal/contracts/previews';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.ts';
import type { FileStorage, StoredFile } from '../storage/file-storage.ts';

/** A file in storage, checked, ready to become a document version or a release file. */
export interface StoredUpload extends StoredFile {
  fileName: string;
  mediaType: string;
}

/** Bytes looked at before storing: enough for file-type to see inside Office zip containers. */
const sniffBytes = 256 * 1024;

/**
 * Control characters, and the bidirectional controls and marks that make a name display other
 * than it is (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`).
 */
// eslint-disable-next-line no-control-regex
const hiddenCharacters = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const withoutHiddenCharacters = (text: string) => text.replace(hiddenCharacters, '');

/** The name a file is kept under: its last path segment, without control or bidirectional characters. */
export function cleanFileName(raw: string): string {
  const name = withoutHiddenCharacters(basename(raw.replaceAll('\\', '/'))).trim();
  if (!name || name === '.' || name === '..') throw badRequest('invalidParameters', 'The file has no name.');
  if (name.length > 255) throw badRequest('invalidParameters', 'The file name is longer than 255 characters.');
  return name;
}

/** Reads the first `size` bytes, and gives back a stream of the whole content (those bytes, then the rest). */
async function peek(source: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }) };
}

function sizeLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(payloadTooLarge(`The file is larger than the ${maxBytes} bytes allowed.`));
      else callback(null, chunk);
    },
  });
}

/** A type check's answer: the media type the file is kept as, or why it is refused. */
export type UploadTypeVerdict = { ok: true; mediaType: string } | { ok: false; reason: string };

/** Which files are accepted: by extension, the type file-type detected, and the first bytes. */
export type UploadTypeCheck = (extension: string, detected: string | undefined, head: Buffer) => UploadTypeVerdict;

/**
 * Checks and stores an uploaded file: a known extension, content that matches it (sniffed from
 * the first bytes by `checkType`, before anything is written), not empty, at most `maxBytes`.
 * Throws 400, 413 or 415 with the reason; nothing is left in storage when it throws, and the
 * source is closed.
 */
export async function storeCheckedFile(
  storage: FileStorage,
  source: Readable,
  rawFileName: string,
  maxBytes: number,
  checkType: UploadTypeCheck,
): Promise<StoredUpload> {
  try {
    const fileName = cleanFileName(rawFileName);
    const { head, whole } = await peek(source, sniffBytes);
    if (head.length === 0) throw badRequest('invalidParameters', 'The file is empty.');
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(head);
    const verdict = checkType(fileExtension(fileName), detected?.ext, head);
    if (!verdict.ok) throw unsupportedMediaType(verdict.reason);
    // The callback form of pipeline hands every stream's error to the storage write (which then fails), none left unhandled.
    const stored = await storage.put(pipeline(whole, sizeLimit(maxBytes), () => undefined));
    return { ...stored, fileName, mediaType: verdict.mediaType };
  } catch (error) {
    // The rest of a refused file is never read: its source (a file being imported holds a descriptor) is closed now.
    source.destroy();
    throw error;
  }
}
