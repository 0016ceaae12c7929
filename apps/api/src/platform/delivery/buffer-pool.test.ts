import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferPool, pooledFileStream, releasingSink } from './buffer-pool.ts';
import { ZipFile } from './zip-file.ts';
import { readZip } from './zip-reader.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A slow destination like a socket: it takes the bytes only when the write completes, later. A buffer
 * handed back to the pool before that would be refilled first, and the copy would be corrupt.
 */
function collectingDestination(): { destination: Writable; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  const destination = new Writable({
    highWaterMark: 4 * 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      setImmediate(() => {
        parts.push(Buffer.from(chunk));
        callback();
      });
    },
  });
  return { destination, bytes: () => Buffer.concat(parts) };
}

describe('pooled streaming', () => {
  let dir: string;
  const content = randomBytes(5 * 1024 * 1024 + 123);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pool-'));
    await writeFile(join(dir, 'a.bin'), content);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams a file (and a byte range) through a handful of reused buffers', async () => {
    const pool = new BufferPool(256 * 1024);
    const whole = collectingDestination();
    await pipeline(pooledFileStream(join(dir, 'a.bin'), pool), releasingSink(whole.destination, pool));
    expect(whole.bytes().equals(content)).toBe(true);
    expect(pool.created).toBeLessThanOrEqual(4);

    const part = collectingDestination();
    await pipeline(pooledFileStream(join(dir, 'a.bin'), pool, { start: 1000, end: 300_999 }), releasingSink(part.destination, pool));
    expect(part.bytes().equals(content.subarray(1000, 301_000))).toBe(true);
  });

  it('reads what is smaller than a pool buffer into a buffer of its own size: a small file takes none from the pool', async () => {
    const pool = new BufferPool(256 * 1024);
    const small = collectingDestination();
    await writeFile(join(dir, 'small.bin'), content.subarray(0, 29));
    await pipeline(pooledFileStream(join(dir, 'small.bin'), pool), releasingSink(small.destination, pool));
    expect(small.bytes().equals(content.subarray(0, 29))).toBe(true);
    expect(pool.created).toBe(0);
    const range = collectingDestination();
    await pipeline(pooledFileStream(join(dir, 'a.bin'), pool, { start: 10, end: 5000 }), releasingSink(range.destination, pool));
    expect(range.bytes().equals(content.subarray(10, 5001))).toBe(true);
    expect(pool.created).toBe(0);
    const beyond = collectingDestination();
    await pipeline(pooledFileStream(join(dir, 'small.bin'), pool, { start: 0, end: 1_000_000 }), releasingSink(beyond.destination, pool));
    expect(beyond.bytes().equals(content.subarray(0, 29))).toBe(true);
  });

  it('feeds yazl without corrupting entries when buffers are reused', async () => {
    const pool = new BufferPool(256 * 1024);
    const zip = new ZipFile();
    for (const name of ['one.bin', 'two.bin']) {
      zip.addReadStreamLazy(name, { size: content.length, compress: false }, (callback) => callback(null, pooledFileStream(join(dir, 'a.bin'), pool)));
    }
    zip.end();
    const out = collectingDestination();
    await pipeline(zip.outputStream, releasingSink(out.destination, pool));
    const entries = readZip(out.bytes());
    expect(entries.map((entry) => [entry.name, sha256(entry.data)])).toEqual([['one.bin', sha256(content)], ['two.bin', sha256(content)]]);
    expect(pool.created).toBeLessThanOrEqual(12);
  });

  it('keeps at most maxFree buffers for later and ignores memory it did not lend', () => {
    const pool = new BufferPool(1024, 2);
    const taken = [pool.take(), pool.take(), pool.take()];
    pool.release(Buffer.alloc(1024));
    for (const buffer of taken) pool.release(buffer.subarray(0, 10));
    pool.release(taken[0]!);
    expect(pool.retained).toBe(2);
    const again = [pool.take(), pool.take()];
    // Both come from the three lent before: reused, not new.
    expect(new Set([...again, ...taken].map((buffer) => buffer.buffer)).size).toBe(3);
  });

  it('fails the stream when the file cannot be opened', async () => {
    const pool = new BufferPool();
    const out = collectingDestination();
    await expect(pipeline(pooledFileStream(join(dir, 'missing.bin'), pool), releasingSink(out.destination, pool))).rejects.toThrow(/ENOENT/);
  });
});
