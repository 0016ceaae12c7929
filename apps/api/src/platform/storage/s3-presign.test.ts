import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ObjectOrigin } from './s3-config.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import { startS3rver, type S3rverTestServer } from './s3rver-test-server.ts';

const readOptions = { expiresInSeconds: 60, contentType: 'application/pdf', contentDisposition: 'attachment; filename="manual.pdf"' };

describe('S3FileStorage.presignRead against s3rver', () => {
  let s3: S3rverTestServer;
  let storage: S3FileStorage;

  beforeAll(async () => {
    s3 = await startS3rver();
    storage = new S3FileStorage(s3.storageOptions);
  });
  afterAll(() => s3.close());

  it('gives a URL that serves the file with the asked type and disposition, without credentials', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('%PDF-1.4 presigned')]));
    const url = await storage.presignRead(stored.key, readOptions);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 presigned');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="manual.pdf"');
  });

  it('refuses keys that are not content addresses', async () => {
    await expect(storage.presignRead('../secrets/x', readOptions)).rejects.toThrow('Not a storage key');
  });
});

describe('s3ObjectOrigin', () => {
  const key = `ab/cd/${'ab'.padEnd(64, '0')}`;
  const credentials = { accessKeyId: 'id', secretAccessKey: 'secret' };

  it.each([
    { S3_BUCKET: 'portal', S3_ENDPOINT: 'https://minio.example.com:9000/' },
    { S3_BUCKET: 'portal-files', S3_REGION: 'eu-west-3' },
    { S3_BUCKET: 'portal-files' },
    { S3_BUCKET: 'files.portal.example', S3_REGION: 'eu-central-1' },
  ])('is the origin the SDK presigns for %o', async (config) => {
    // Presigning needs no network: this checks the origin against the SDK's own addressing rules.
    const storage = new S3FileStorage({ bucket: config.S3_BUCKET, region: config.S3_REGION ?? 'us-east-1', endpoint: config.S3_ENDPOINT, ...credentials });
    expect(new URL(await storage.presignRead(key, readOptions)).origin).toBe(s3ObjectOrigin(config));
  });

  it('is undefined without S3 storage', () => {
    expect(s3ObjectOrigin({})).toBeUndefined();
  });
});
