import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3FileStorage } from './s3-file-storage.ts';
import { startS3rver, type S3rverTestServer } from './s3rver-test-server.ts';
import { StoredFileMissingError } from './storage-key.ts';

describe('S3FileStorage against s3rver', () => {
  let s3: S3rverTestServer;
  let storage: S3FileStorage;
  const bucket = 'portal';

  async function keysInBucket(): Promise<string[]> {
    const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listing.Contents ?? []).map((object) => object.Key ?? '');
  }

  beforeAll(async () => {
    s3 = await startS3rver(bucket);
    storage = new S3FileStorage(s3.storageOptions);
  });
  afterAll(() => s3.close());
  beforeEach(async () => {
    const keys = await keysInBucket();
    if (keys.length > 0) {
      await storage.client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
    }
    s3.requests.length = 0;
  });

  it('uploads to a temporary key, copies to the content address, and removes the temporary object', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('hello s3')]));
    const digest = createHash('sha256').update('hello s3').digest('hex');
    expect(stored).toEqual({ key: `${digest.slice(0, 2)}/${digest.slice(2, 4)}/${digest}`, sha256: digest, size: 8 });
    expect(await keysInBucket()).toEqual([stored.key]);
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
    expect(await keysInBucket()).toEqual([first.key]);
  });

  it('streams a file larger than one part as a multipart upload', async () => {
    // lib-storage's part size is S3's minimum, 5 MiB: this file needs two parts.
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const stored = await storage.put(Readable.from([bytes.subarray(0, 3_000_000), bytes.subarray(3_000_000)]));
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(s3.requests.filter((request) => /^POST tmp\/\S+\?uploads/.test(request))).toHaveLength(1);
    const partNumbers = s3.requests.flatMap((request) => /^PUT tmp\/\S+[?&]partNumber=(\d+)/.exec(request)?.[1] ?? []);
    expect(partNumbers.sort()).toEqual(['1', '2']);
    expect(s3.requests.filter((request) => /^POST tmp\/\S+\?uploadId=/.test(request))).toHaveLength(1);
    expect((await buffer(await storage.read(stored.key))).equals(bytes)).toBe(true);
    expect((await buffer(await storage.read(stored.key, { start: 5 * 1024 * 1024 - 10, end: 5 * 1024 * 1024 + 9 }))).equals(
      bytes.subarray(5 * 1024 * 1024 - 10, 5 * 1024 * 1024 + 10),
    )).toBe(true);
    expect(await keysInBucket()).toEqual([stored.key]);
  });

  it('reads byte ranges, stats and deletes', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('0123456789')]));
    expect(await text(await storage.read(stored.key, { start: 3, end: 6 }))).toBe('3456');
    expect(await text(await storage.read(stored.key, { start: 9, end: 9 }))).toBe('9');
    expect(await storage.stat(stored.key)).toEqual({ size: 10 });
    await storage.delete(stored.key);
    expect(await storage.stat(stored.key)).toBeNull();
    expect(await keysInBucket()).toEqual([]);
    await expect(storage.read(stored.key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('stores nothing under a real key when the source fails, and cleans the temporary object', async () => {
    const source = new PassThrough();
    const putting = storage.put(source);
    source.write('partial');
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(putting).rejects.toThrow();
    expect(await keysInBucket()).toEqual([]);
  });

  it('refuses keys that are not content addresses', async () => {
    await expect(storage.read('../../etc/passwd')).rejects.toThrow('Not a storage key');
    expect(s3.requests).toEqual([]);
  });
});
