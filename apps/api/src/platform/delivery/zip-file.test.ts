import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ZipFile } from './zip-file.ts';
import { readZip } from './zip-reader.ts';

describe('ZipFile with native CRC-32', () => {
  it('writes entries whose CRC-32 and bytes check out, streamed in chunks or from a buffer', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const text = Buffer.from('STEP data '.repeat(10_000));
    const zip = new ZipFile();
    zip.addReadStreamLazy('big.bin', { size: big.length, compress: false }, (callback) =>
      callback(null, Readable.from([big.subarray(0, 1000), big.subarray(1000, 2_000_000), big.subarray(2_000_000)])),
    );
    zip.addReadStreamLazy('text.stp', { compress: true }, (callback) => callback(null, Readable.from([text])));
    zip.addBuffer(Buffer.from('hello'), 'hello.txt');
    zip.end();
    const entries = readZip(await buffer(zip.outputStream as Readable));
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([['big.bin', 0], ['text.stp', 8], ['hello.txt', 8]]);
    expect(entries[0]!.data.equals(big)).toBe(true);
    expect(entries[1]!.data.equals(text)).toBe(true);
    // Known value: CRC-32 of "hello".
    expect(entries[2]!.crc32).toBe(0x3610a686);
  });
});
