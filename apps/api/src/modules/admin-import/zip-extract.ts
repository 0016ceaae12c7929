import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { AppError, badRequest } from '../../platform/errors.ts';
import { isArchiverLeftover, safeRelativePath, UploadTally, type UploadLimits } from './upload-paths.ts';

/*
 * Unpacks an uploaded zip from disk, read by its central directory (the listing the format trusts).
 * Before a byte is written, every entry is checked: its path (no absolute path, no `..`), its type
 * (no symbolic link, device or encrypted entry), its declared size against the limits, and its bytes
 * against every other entry's (overlapping entries are how the smallest zip bombs multiply). While
 * unpacking, no entry may give more bytes than it declared, and each must match its CRC-32.
 */

const endRecordSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndSignature = 0x06064b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
/** The central directory of 20,000 entries with long names stays well under this. */
const maxCentralDirectoryBytes = 64 * 1024 * 1024;
const unixHosts = new Set([3, 19]);
const fileTypeMask = 0o170000;
const regularFile = 0o100000;
const directory = 0o040000;

const damaged = (why: string) => badRequest('invalidParameters', `The zip cannot be read: ${why}.`);
const refusedEntry = (name: string, why: string) =>
  badRequest('invalidParameters', `The zip entry "${name.slice(0, 200)}" ${why}.`, [{ path: name.slice(0, 200), message: why }]);

interface Entry {
  name: string;
  path: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  dataStart: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw damaged('it ends too early');
  return buffer;
}

/** Where the central directory is and how many entries it lists (ZIP64 records when present). */
async function centralDirectory(handle: FileHandle, fileSize: number): Promise<{ offset: number; size: number; count: number; end: number }> {
  if (fileSize < 22) throw damaged('it is not a zip');
  const tailLength = Math.min(fileSize, 22 + 0xffff + 20);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = tail.length - 22;
  while (at >= 0 && !(tail.readUInt32LE(at) === endRecordSignature && at + 22 + tail.readUInt16LE(at + 20) <= tail.length)) at--;
  if (at < 0) throw damaged('it is not a zip (no end of central directory)');
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw damaged('zips split over several files are not supported');
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  const end = tailStart + at;
  if (at >= 20 && tail.readUInt32LE(at - 20) === zip64LocatorSignature) {
    const recordOffset = Number(tail.readBigUInt64LE(at - 20 + 8));
    if (recordOffset + 56 > end) throw damaged('its ZIP64 record is out of place');
    const record = await readAt(handle, recordOffset, 56);
    if (record.readUInt32LE(0) !== zip64EndSignature) throw damaged('its ZIP64 record is missing');
    count = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (size > maxCentralDirectoryBytes || offset + size > end) throw damaged('its central directory is out of place');
  return { offset, size, count, end };
}

/** The ZIP64 extra field's values replace the 0xffffffff placeholders, in this order. */
function applyZip64(extra: Buffer, fields: { size: number; compressedSize: number; localOffset: number }): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (at + 4 + length > extra.length) throw damaged('an extra field overruns its entry');
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (fields[key] !== 0xffffffff) continue;
        if (field + 8 > at + 4 + length) throw damaged('a ZIP64 field is too short');
        fields[key] = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
    }
    at += 4 + length;
  }
}

function decodeName(raw: Buffer, utf8Flag: boolean): string {
  if (utf8Flag) return raw.toString('utf8');
  // Without the flag the name is in the archiver's code page; valid UTF-8 is what current tools write anyway.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}

/** The entries to unpack (folders and archiver leftovers left out), each checked; throws 400/413 on the first refusal. */
async function listEntries(handle: FileHandle, fileSize: number, limits: UploadLimits): Promise<Entry[]> {
  const directoryInfo = await centralDirectory(handle, fileSize);
  if (directoryInfo.count > limits.maxFiles * 2) throw new AppError(413, 'payloadTooLarge', `An import holds at most ${limits.maxFiles} files.`);
  const listing = await readAt(handle, directoryInfo.offset, directoryInfo.size);
  const tally = new UploadTally(limits);
  const entries: Entry[] = [];
  let at = 0;
  for (let index = 0; index < directoryInfo.count; index++) {
    if (at + 46 > listing.length || listing.readUInt32LE(at) !== centralSignature) throw damaged('its central directory is damaged');
    const host = listing.readUInt16LE(at + 4) >> 8;
    const flags = listing.readUInt16LE(at + 8);
    const method = listing.readUInt16LE(at + 10);
    const crc = listing.readUInt32LE(at + 16);
    const nameLength = listing.readUInt16LE(at + 28);
    const extraLength = listing.readUInt16LE(at + 30);
    const commentLength = listing.readUInt16LE(at + 32);
    const mode = listing.readUInt32LE(at + 38) >>> 16;
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > listing.length) throw damaged('its central directory is damaged');
    const name = decodeName(listing.subarray(at + 46, at + 46 + nameLength), (flags & 0x0800) !== 0);
    const fields = { compressedSize: listing.readUInt32LE(at + 20), size: listing.readUInt32LE(at + 24), localOffset: listing.readUInt32LE(at + 42) };
    applyZip64(listing.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), fields);
    at = next;

    const path = safeRelativePath(name, limits);
    const type = unixHosts.has(host) ? mode & fileTypeMask : 0;
    if (type !== 0 && type !== regularFile && type !== directory) throw refusedEntry(name, type === 0o120000 ? 'is a symbolic link' : 'is not a regular file');
    if (name.endsWith('/') || name.endsWith('\\') || type === directory || isArchiverLeftover(path)) continue;
    if (flags & 0x0001) throw refusedEntry(name, 'is encrypted');
    if (method !== 0 && method !== 8) throw refusedEntry(name, `uses compression method ${method} (only stored and deflated entries are read)`);
    if (method === 0 && fields.compressedSize !== fields.size) throw refusedEntry(name, 'is damaged (stored with two sizes)');
    tally.add(path, fields.size);
    entries.push({ name, path, method, crc, ...fields, dataStart: 0 });
  }

  // Each entry's bytes must lie before the central directory and apart from every other entry's.
  entries.sort((a, b) => a.localOffset - b.localOffset);
  for (const [index, entry] of entries.entries()) {
    const header = await readAt(handle, entry.localOffset, 30).catch(() => undefined);
    if (!header || header.readUInt32LE(0) !== localSignature) throw refusedEntry(entry.name, 'is damaged (no local header)');
    entry.dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const nextStart = entries[index + 1]?.localOffset ?? directoryInfo.offset;
    if (entry.dataStart + entry.compressedSize > nextStart) throw refusedEntry(entry.name, 'overlaps another entry');
  }
  return entries;
}

/** Passes at most `size` bytes and checks the CRC-32 at the end. */
function checked(entry: Entry): Transform {
  let length = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      length += chunk.length;
      if (length > entry.size) return callback(refusedEntry(entry.name, 'holds more bytes than it declares'));
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      if (length !== entry.size || crc !== entry.crc) return callback(refusedEntry(entry.name, 'is damaged (its size or CRC-32 does not match)'));
      callback();
    },
  });
}

async function unpack(zipPath: string, entry: Entry, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const source = entry.compressedSize === 0 ? Readable.from([]) : createReadStream(zipPath, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1 });
  // `wx`: a new file only, never one already there.
  const output = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  try {
    if (entry.method === 8 && entry.compressedSize > 0) await pipeline(source, createInflateRaw(), checked(entry), output);
    else await pipeline(source, checked(entry), output);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code?.startsWith('Z_')) throw refusedEntry(entry.name, 'is damaged (its compressed data cannot be read)');
    throw error;
  }
}

/** Unpacks the zip at `zipPath` into `folder`; returns the paths of the files written. Throws 400 or 413 on anything refused. */
export async function extractZip(zipPath: string, folder: string, limits: UploadLimits): Promise<string[]> {
  const handle = await open(zipPath, 'r');
  let entries: Entry[];
  try {
    entries = await listEntries(handle, (await handle.stat()).size, limits);
  } finally {
    await handle.close();
  }
  for (const entry of entries) await unpack(zipPath, entry, join(folder, ...entry.path.split('/')));
  return entries.map((entry) => entry.path);
}
