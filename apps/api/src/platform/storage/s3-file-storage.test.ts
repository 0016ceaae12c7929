import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3-server.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import { StoredFileMissingError } from './storage-key.ts';

describe('S3FileStorage against an in-process S3', () => {
  let s3: FakeS3;
  let storage: S3FileStorage;
  beforeAll(async () => {
    s3 = await startFakeS3('portal');
    storage = new S3FileStorage({ endpoint: s3.endpoint, bucket: 'portal', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' });
  });
  afterAll(() => s3.close());
  beforeEach(() => {
    s3.objects.clear();
    s3.requests.length = 0;
  });

  it('uploads to a temporary key, copies to the content address, and removes the temporary object', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('hello s3')]));
    const digest = createHash('sha256').update('hello s3').digest('hex');
    expect(stored).toEqual({ key: `${digest.slice(0, 2)}/${digest.slice(2, 4)}/${digest}`, sha256: digest, size: 8 });
    expect([...s3.objects.keys()]).toEqual([stored.key]);
    // Path-style addressing: the bucket is the first path segment, the key never shows up unfinished.
    expect(s3.requests[0]).toMatch(/^PUT tmp\/[0-9a-f-]{36}/);
    expect(s3.requests.filter((request) => request.startsWith(`PUT ${stored.key}`))).toHaveLength(1);
    expect(await text(await storage.read(stored.key))).toBe('hello s3');
  });

  it('does not copy bytes it already has', async () => {
    const first = await storage.put(Readable.from([Buffer.from('twice')]));
    s3.requests.length = 0;
    await storage.put(Readable.from([Buffer.from('twice')]));
    expect(s3.requests.some((request) => request.startsWith(`PUT ${first.key}`))).toBe(false);
    expect(s3.objects.size).toBe(1);
  });

  it('streams large files as a multipart upload', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const stored = await storage.put(Readable.from([bytes.subarray(0, 3_000_000), bytes.subarray(3_000_000)]));
    expect(stored.size).toBe(bytes.length);
    expect(s3.requests.some((request) => request.includes('?uploads'))).toBe(true);
    expect((await buffer(await storage.read(stored.key))).equals(bytes)).toBe(true);
  });

  it('reads byte ranges, stats and deletes', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('0123456789')]));
    expect(await text(await storage.read(stored.key, { start: 3, end: 6 }))).toBe('3456');
    expect(await storage.stat(stored.key)).toEqual({ size: 10 });
    await storage.delete(stored.key);
    expect(await storage.stat(stored.key)).toBeNull();
    await expect(storage.read(stored.key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('stores nothing under a real key when the source fails, and cleans the temporary object', async () => {
    const source = new PassThrough();
    const putting = storage.put(source);
    source.write('partial');
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(putting).rejects.toThrow();
    expect([...s3.objects.keys()]).toEqual([]);
  });

  it('refuses keys that are not content addresses', async () => {
    await expect(storage.read('../../etc/passwd')).rejects.toThrow('Not a storage key');
    expect(s3.requests).toEqual([]);
  });
});
