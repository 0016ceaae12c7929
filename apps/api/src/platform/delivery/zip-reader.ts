import { crc32 as computeCrc32, inflateRawSync } from 'node:zlib';

/*
 * Reads a whole zip held in memory (tests and checks only): the central directory, then each
 * entry's bytes, checked against the entry's CRC-32 and size.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  data: Buffer;
}

const endOfCentralDirectory = 0x06054b50;
const zip64EndLocator = 0x07064b50;
const centralHeader = 0x02014b50;
const localHeader = 0x04034b50;

function findEndRecord(zip: Buffer): number {
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 22 - 0xffff); offset--) {
    if (zip.readUInt32LE(offset) === endOfCentralDirectory) return offset;
  }
  throw new Error('not a zip: no end of central directory record');
}

function centralDirectory(zip: Buffer): { offset: number; count: number } {
  const end = findEndRecord(zip);
  const locator = end - 20;
  if (locator >= 0 && zip.readUInt32LE(locator) === zip64EndLocator) {
    const zip64End = Number(zip.readBigUInt64LE(locator + 8));
    return { count: Number(zip.readBigUInt64LE(zip64End + 32)), offset: Number(zip.readBigUInt64LE(zip64End + 48)) };
  }
  return { count: zip.readUInt16LE(end + 10), offset: zip.readUInt32LE(end + 16) };
}

/** ZIP64 extra field values replace the 0xffffffff placeholders, in this order. */
function applyZip64(extra: Buffer, sizes: { size: number; compressedSize: number; localOffset: number }): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (sizes[key] === 0xffffffff) {
          sizes[key] = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
      }
    }
    at += 4 + length;
  }
}

export function readZip(zip: Buffer): ZipEntry[] {
  const { offset, count } = centralDirectory(zip);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== centralHeader) throw new Error(`bad central directory header at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const crc32 = zip.readUInt32LE(at + 16);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const sizes = { compressedSize: zip.readUInt32LE(at + 20), size: zip.readUInt32LE(at + 24), localOffset: zip.readUInt32LE(at + 42) };
    applyZip64(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), sizes);
    if (zip.readUInt32LE(sizes.localOffset) !== localHeader) throw new Error(`bad local header for ${name}`);
    const dataStart = sizes.localOffset + 30 + zip.readUInt16LE(sizes.localOffset + 26) + zip.readUInt16LE(sizes.localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + sizes.compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== sizes.size || computeCrc32(data) !== crc32) throw new Error(`${name}: size or CRC-32 does not match its data`);
    entries.push({ name, method, crc32, compressedSize: sizes.compressedSize, size: sizes.size, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
