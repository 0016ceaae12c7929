import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferPool, pooledFileStream } from './buffer-pool.ts';
import { sendPooledStream } from './send-pooled.ts';
import { ZipFile } from './zip-file.ts';
import { readZip } from './zip-reader.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A pool that notes every buffer it lends and every lent buffer the garbage collector frees. */
class WatchedPool extends BufferPool {
  /** Distinct buffers lent (one given back and lent again counts once). */
  lentCount = 0;
  private readonly seen = new WeakSet<ArrayBuffer>();
  private collected = 0;
  // Not WeakRef.deref(): it keeps its target alive until the job ends, and polling would never let go.
  private readonly collection = new FinalizationRegistry<void>(() => {
    this.collected += 1;
  });

  override take(): Buffer {
    const buffer = super.take();
    const memory = buffer.buffer as ArrayBuffer;
    if (!this.seen.has(memory)) {
      this.seen.add(memory);
      this.lentCount += 1;
      this.collection.register(memory);
    }
    return buffer;
  }

  /**
   * Lent buffers something still holds once the pipelines have wound down: at most the pool's
   * bounded free list. Buffers of a file being closed go a little after the response, so this
   * collects garbage for up to three seconds; a leak holds them for ever.
   */
  async stillHeld(): Promise<number> {
    for (let round = 0; round < 60 && this.lentCount - this.collected > this.maxFree; round++) {
      collectGarbage();
      // Finalization callbacks run on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.lentCount - this.collected;
  }
}

const openFileDescriptors = async () => (await readdir('/proc/self/fd')).length;

function get(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request(url, resolve).on('error', reject).end());
}

/** Reads the first chunk of the body, then hangs up mid-transfer like a user cancelling a download. */
async function abortAfterFirstChunk(url: string): Promise<void> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  await new Promise((resolve) => response.once('data', resolve));
  const closed = new Promise((resolve) => response.once('close', resolve));
  response.destroy();
  await closed;
}

describe('pooled downloads over HTTP', () => {
  let dir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let pool = new WatchedPool(256 * 1024, 4);
  const big = randomBytes(16 * 1024 * 1024);
  const text = Buffer.from('ISO-10303-21; DATA; #1=CARTESIAN_POINT((0.,0.,0.)); '.repeat(40_000));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pooled-http-'));
    await writeFile(join(dir, 'big.bin'), big);
    await writeFile(join(dir, 'part.stp'), text);
    app = Fastify();
    app.get('/big.bin', (_request, reply) => sendPooledStream(reply, pooledFileStream(join(dir, 'big.bin'), pool), pool));
    app.get('/set.zip', (_request, reply) => {
      const zip = new ZipFile();
      for (const name of ['a.stp', 'b.stp', 'c.stp']) {
        zip.addReadStreamLazy(name, { compress: true }, (callback) => callback(null, pooledFileStream(join(dir, 'part.stp'), pool)));
      }
      zip.end();
      return sendPooledStream(reply, zip.outputStream as Readable, pool);
    });
    app.get('/big.zip', (_request, reply) => {
      const zip = new ZipFile();
      for (const name of ['one.bin', 'two.bin']) {
        zip.addReadStreamLazy(name, { size: big.length, compress: false }, (callback) => callback(null, pooledFileStream(join(dir, 'big.bin'), pool)));
      }
      zip.end();
      return sendPooledStream(reply, zip.outputStream as Readable, pool);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets go of every buffer of a zip whose entries are deflated (zlib, not the sink, sees the pooled chunks)', async () => {
    pool = new WatchedPool(256 * 1024, 4);
    for (let n = 0; n < 5; n++) {
      const response = await get(`${baseUrl}/set.zip`);
      const entries = readZip(Buffer.concat(await response.toArray()));
      expect(entries.map((entry) => [entry.name, entry.method, entry.data.equals(text)])).toEqual([
        ['a.stp', 8, true], ['b.stp', 8, true], ['c.stp', 8, true],
      ]);
    }
    expect(pool.lentCount).toBeGreaterThan(pool.maxFree);
    expect(await pool.stillHeld()).toBeLessThanOrEqual(pool.maxFree);
  });

  it('lets go of every buffer of a download the client aborts, and closes its file', async () => {
    pool = new WatchedPool(256 * 1024, 4);
    const filesBefore = await openFileDescriptors();
    for (let n = 0; n < 10; n++) await abortAfterFirstChunk(`${baseUrl}/big.bin`);
    // The server sees the closed socket on its next write.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Before any garbage collection, which would close a forgotten file handle behind our back.
    expect(await openFileDescriptors()).toBeLessThanOrEqual(filesBefore);
    expect(pool.lentCount).toBeGreaterThan(pool.maxFree);
    expect(await pool.stillHeld()).toBeLessThanOrEqual(pool.maxFree);
  });

  it('lets go of every buffer of a zip the client aborts, and closes the entry being read', async () => {
    pool = new WatchedPool(256 * 1024, 4);
    const filesBefore = await openFileDescriptors();
    for (let n = 0; n < 10; n++) await abortAfterFirstChunk(`${baseUrl}/big.zip`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Before any garbage collection, which would close a forgotten file handle behind our back.
    expect(await openFileDescriptors()).toBeLessThanOrEqual(filesBefore);
    expect(pool.lentCount).toBeGreaterThan(pool.maxFree);
    expect(await pool.stillHeld()).toBeLessThanOrEqual(pool.maxFree);
  });

  it('still sends a whole file byte for byte through reused buffers', async () => {
    pool = new WatchedPool(256 * 1024, 4);
    const response = await get(`${baseUrl}/big.bin`);
    expect(Buffer.concat(await response.toArray()).equals(big)).toBe(true);
    // 64 chunks of 256 KiB went through a handful of buffers.
    expect(pool.created).toBeLessThanOrEqual(8);
  });
});
