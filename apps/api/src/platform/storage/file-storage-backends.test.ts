import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferPool } from '../delivery/buffer-pool.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import { startS3rver, type S3rverTestServer } from './s3rver-test-server.ts';

/*
 * What callers may rely on whatever the backend: one way to open a stored file (with or without a
 * buffer pool, whole or a range), a real file for external programs, and start-up housekeeping.
 */
describe.each(['local', 's3'] as const)('FileStorage on %s', (backend) => {
  let dir: string;
  let s3: S3rverTestServer | undefined;
  let storage: FileStorage;
  const bytes = randomBytes(300_000);
  let key: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-backends-'));
    if (backend === 's3') {
      s3 = await startS3rver();
      storage = new S3FileStorage(s3.storageOptions);
    } else {
      storage = new LocalFileStorage(join(dir, 'files'));
    }
    key = (await storage.put(Readable.from([bytes]))).key;
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file and a range, with or without a buffer pool', async () => {
    const pool = new BufferPool(64 * 1024);
    const take = pool.take.bind(pool);
    let taken = 0;
    pool.take = () => {
      taken += 1;
      return take();
    };
    expect((await buffer(await storage.read(key))).equals(bytes)).toBe(true);
    expect((await buffer(await storage.read(key, undefined, pool))).equals(bytes)).toBe(true);
    expect((await buffer(await storage.read(key, { start: 10, end: 99_999 }, pool))).equals(bytes.subarray(10, 100_000))).toBe(true);
    // Local chunks come from the pool; other backends stream as their SDK does.
    expect(taken > 0).toBe(backend === 'local');
  });

  it('places the file where an external program can read it', async () => {
    const path = join(dir, `placed-${backend}.bin`);
    await storage.placeAt(key, path);
    expect((await readFile(path)).equals(bytes)).toBe(true);
    // A local file is linked, not copied.
    expect((await lstat(path)).isSymbolicLink()).toBe(backend === 'local');
  });

  it('removes what killed writers left behind at start', async () => {
    if (backend === 'local') {
      const orphan = join(dir, 'files', '.tmp', 'orphan');
      await mkdir(join(dir, 'files', '.tmp'), { recursive: true });
      await writeFile(orphan, 'half');
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(orphan, old, old);
    }
    expect(await storage.removeLeftovers()).toBe(backend === 'local' ? 1 : 0);
    expect((await buffer(await storage.read(key))).equals(bytes)).toBe(true);
  });
});
