import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';

/*
 * yazl computes each entry's CRC-32 with its own copy of buffer-crc32, a byte-at-a-time JavaScript
 * table (about 110 MiB/s on the 2-core bench machine): it capped a zip download at about 50 MiB/s.
 * Node's zlib.crc32 computes the same checksum natively, about ten times faster. This module points
 * yazl's copy at it once, and is the one place the API takes ZipFile from.
 */
type BufferCrc32 = { unsigned: (data: Buffer, previous?: number | Buffer) => number };

const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as BufferCrc32;
bufferCrc32.unsigned = (data, previous) =>
  crc32(data, Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0));

export { ZipFile };
