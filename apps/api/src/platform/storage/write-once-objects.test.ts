import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverTestServer } from './s3rver-test-server.ts';
import { createWriteOnceObjects, type WriteOnceObjects } from './write-once-objects.ts';

const pattern = /^\d{3}\.json$/;

describe('write-once objects', () => {
  let directory: string;
  let s3: S3rverTestServer;
  const stores: Record<string, WriteOnceObjects> = {};

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'portal-write-once-'));
    s3 = await startS3rver();
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.storageOptions;
    stores.directory = (await createWriteOnceObjects({ directory: join(directory, 'checkpoints'), prefix: 'unused/' }))!;
    stores.s3 = (await createWriteOnceObjects({ S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, prefix: 'audit-checkpoints/' }))!;
  });
  afterAll(async () => {
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  });

  it.each(['directory', 's3'])('keeps objects in %s and reads the newest ones in name order', async (kind) => {
    const store = stores[kind]!;
    expect(await store.newest(2, pattern, 100)).toEqual([]);
    for (const name of ['002.json', '010.json', '001.json', 'notes.txt']) await store.put(name, `text of ${name}`);
    expect(await store.newest(2, pattern, 100)).toEqual([{ name: '002.json', text: 'text of 002.json' }, { name: '010.json', text: 'text of 010.json' }]);
    expect(await store.newest(5, pattern, 4)).toHaveLength(3);
    expect((await store.newest(1, pattern, 4))[0]!.text).toBe('text');
  });

  it('never overwrites a file, and makes it read-only', async () => {
    await expect(stores.directory!.put('002.json', 'forged')).rejects.toThrow(/EEXIST/);
    expect((await stat(join(directory, 'checkpoints', '002.json'))).mode & 0o777).toBe(0o400);
    expect((await stat(join(directory, 'checkpoints'))).mode & 0o777).toBe(0o700);
  });

  it('is undefined with neither a folder nor a bucket', async () => {
    expect(await createWriteOnceObjects({ prefix: 'x/' })).toBeUndefined();
  });
});
