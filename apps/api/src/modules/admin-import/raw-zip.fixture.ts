import { crc32, deflateRawSync } from 'node:zlib';

/*
 * Writes zips byte by byte for tests, including what real archivers refuse to write: `../` and
 * absolute names, symbolic links, sizes that lie, entries that share their bytes.
 */

export interface RawZipEntry {
  name: string;
  data?: Uint8Array;
  deflate?: boolean;
  /** General purpose flags; UTF-8 names (0x0800) by default. */
  flags?: number;
  /** The compression method written, when it should not match the data (deflated or stored otherwise). */
  method?: number;
  /** Unix mode of the entry (e.g. 0o120777 for a symbolic link); a regular file by default. */
  mode?: number;
  /** The size the directory declares, when it should lie. */
  declaredSize?: number;
  /** Points this entry at the bytes of an earlier one (by index) instead of its own. */
  sameBytesAs?: number;
}

interface SharedFields {
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  nameLength: number;
}

/**
 * Writes the fields a local header and its central directory entry share, in the same order from `at`
 * (offset 6 in a local header, 8 in a central directory entry).
 */
function writeSharedFields(header: Buffer, at: number, fields: SharedFields): void {
  header.writeUInt16LE(fields.flags, at);
  header.writeUInt16LE(fields.method, at + 2);
  header.writeUInt32LE(fields.crc, at + 8);
  header.writeUInt32LE(fields.compressed, at + 12);
  header.writeUInt32LE(fields.size, at + 16);
  header.writeUInt16LE(fields.nameLength, at + 20);
}

export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const headers: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? new Uint8Array());
    const body = entry.deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const fields: SharedFields = {
      flags: entry.flags ?? 0x0800,
      method: entry.method ?? (entry.deflate ? 8 : 0),
      crc: crc32(data),
      compressed: body.length,
      size: entry.declaredSize ?? data.length,
      nameLength: name.length,
    };
    const header = Buffer.alloc(46 + name.length);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    writeSharedFields(header, 8, fields);
    header.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    name.copy(header, 46);
    if (entry.sameBytesAs !== undefined) {
      const shared = headers[entry.sameBytesAs]!;
      header.writeUInt32LE(shared.readUInt32LE(42), 42);
      header.writeUInt32LE(shared.readUInt32LE(16), 16);
      header.writeUInt32LE(shared.readUInt32LE(20), 20);
      header.writeUInt32LE(shared.readUInt32LE(24), 24);
      header.writeUInt16LE(shared.readUInt16LE(10), 10);
      headers.push(header);
      central.push(header);
      continue;
    }
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeSharedFields(local, 6, fields);
    name.copy(local, 30);
    header.writeUInt32LE(offset, 42);
    locals.push(local, body);
    offset += local.length + body.length;
    headers.push(header);
    central.push(header);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
