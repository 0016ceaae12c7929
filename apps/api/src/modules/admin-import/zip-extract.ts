import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { getFileNameLowLevel, openPromise, type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, payloadTooLarge } from '../../platform/errors.ts';
import { isArchiverLeftover, safeRelativePath, UploadTally, type UploadLimits } from './upload-paths.ts';

/*
 * Unpacks an uploaded zip from disk, read by its central directory. Before a byte is written, every
 * entry is checked: its path (no absolute path, no `..`), its type (no symbolic link, device or
 * encrypted entry), its declared size against the limits, and its bytes against every other entry's
 * (overlapping entries are how the smallest zip bombs multiply). While unpacking, no entry may give
 * more bytes than it declared, and each must match its CRC-32.
 */

const unixHosts = new Set([3, 19]);
const fileTypeMask = 0o170000;
const regularFile = 0o100000;
const directory = 0o040000;
const utf8Flag = 0x0800;
const unicodePathField = 0x7075;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const reason = (error: Error) => error.message.slice(0, 200).replace(/\.$/, '');
const damaged = (error: Error) => badRequest('invalidParameters', `The zip cannot be read: ${reason(error)}.`);
const refusedEntry = (name: string, why: string) =>
  badRequest('invalidParameters', `The zip entry "${name.slice(0, 200)}" ${why}.`, [{ path: name.slice(0, 200), message: why }]);
/** The zip library reports a malformed zip with a plain Error; file system errors carry a `code`. */
const isFormatError = (error: unknown): error is Error => error instanceof Error && !(error instanceof AppError) && !('code' in error);
/** `promise`, with a malformed zip's error turned into the client error `refuse` gives. */
const refusing = <T>(promise: Promise<T>, refuse: (error: Error) => AppError): Promise<T> =>
  promise.catch((error: unknown) => {
    throw isFormatError(error) ? refuse(error) : error;
  });

interface FileEntry {
  entry: Entry;
  name: string;
  path: string;
  /** Where its compressed bytes end in the zip. */
  dataEnd: number;
}

function entryName(entry: Entry): string {
  // Without the UTF-8 flag the format says CP437, but some archivers (macOS) write UTF-8 without setting it.
  if ((entry.generalPurposeBitFlag & utf8Flag) === 0 && !entry.extraFields.some((field) => field.id === unicodePathField)) {
    try {
      return strictUtf8.decode(entry.fileNameRaw);
    } catch {
      // Not UTF-8: the CP437 reading below.
    }
  }
  return getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
}

/** The entries to unpack (folders and archiver leftovers left out), each checked; throws 400/413 on the first refusal. */
async function listEntries(zip: ZipFile, limits: UploadLimits): Promise<FileEntry[]> {
  if (zip.entryCount > limits.maxFiles * 2) throw payloadTooLarge(`An import holds at most ${limits.maxFiles} files.`);
  const tally = new UploadTally(limits);
  const files: FileEntry[] = [];
  for await (const entry of zip.eachEntry()) {
    const name = entryName(entry);
    const path = safeRelativePath(name, limits);
    const type = unixHosts.has(entry.versionMadeBy >> 8) ? (entry.externalFileAttributes >>> 16) & fileTypeMask : 0;
    if (type !== 0 && type !== regularFile && type !== directory) throw refusedEntry(name, type === 0o120000 ? 'is a symbolic link' : 'is not a regular file');
    if (name.endsWith('/') || name.endsWith('\\') || type === directory || isArchiverLeftover(path)) continue;
    if (entry.isEncrypted()) throw refusedEntry(name, 'is encrypted');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw refusedEntry(name, `uses compression method ${entry.compressionMethod} (only stored and deflated entries are read)`);
    }
    tally.add(path, entry.uncompressedSize);
    files.push({ entry, name, path, dataEnd: 0 });
  }

  // The library reads each entry where its local header points and does not look for shared bytes.
  for (const file of files) {
    const header = await refusing(zip.readLocalFileHeaderPromise(file.entry, { minimal: true }), (error) => refusedEntry(file.name, `is damaged (${reason(error)})`));
    file.dataEnd = header.fileDataStart + file.entry.compressedSize;
  }
  const byOffset = files.toSorted((a, b) => a.entry.relativeOffsetOfLocalHeader - b.entry.relativeOffsetOfLocalHeader);
  for (const [index, file] of byOffset.entries()) {
    const next = byOffset[index + 1];
    if (next && file.dataEnd > next.entry.relativeOffsetOfLocalHeader) throw refusedEntry(file.name, 'overlaps another entry');
  }
  return files;
}

/** Passes at most the declared size and checks the CRC-32 at the end. */
function checked({ entry, name }: FileEntry): Transform {
  let length = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      length += chunk.length;
      if (length > entry.uncompressedSize) return callback(refusedEntry(name, 'holds more bytes than it declares'));
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      if (length !== entry.uncompressedSize || crc !== entry.crc32) return callback(refusedEntry(name, 'is damaged (its size or CRC-32 does not match)'));
      callback();
    },
  });
}

async function unpack(zip: ZipFile, file: FileEntry, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  try {
    const source = await zip.openReadStreamPromise(file.entry);
    // `wx`: a new file only, never one already there.
    await pipeline(source, checked(file), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_')) throw refusedEntry(file.name, 'is damaged (its compressed data cannot be read)');
    // The library's own size check (more or fewer bytes than declared) and unreadable local headers.
    if (isFormatError(error)) throw refusedEntry(file.name, `is damaged (${reason(error)})`);
    throw error;
  }
}

/** Unpacks the zip at `zipPath` into `folder`; returns the paths of the files written. Throws 400 or 413 on anything refused. */
export async function extractZip(zipPath: string, folder: string, limits: UploadLimits): Promise<string[]> {
  // Names are decoded here (`entryName`) so that every one goes through `safeRelativePath` and its messages.
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: false };
  const zip = await refusing(openPromise(zipPath, options), damaged);
  try {
    const files = await refusing(listEntries(zip, limits), damaged);
    for (const file of files) await unpack(zip, file, join(folder, ...file.path.split('/')));
    return files.map((file) => file.path);
  } finally {
    zip.close();
  }
}
