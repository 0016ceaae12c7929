import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from '../errors.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { LocalFileStorage } from '../storage/local-file-storage.ts';
import { S3FileStorage } from '../storage/s3-file-storage.ts';
import { startS3rver, type S3rverTestServer } from '../storage/s3rver-test-server.ts';
import { storagePlugin } from '../storage/storage.plugin.ts';
import { fileUrlsPlugin, type FileUrlsConfig } from './file-urls.plugin.ts';
import { contentDisposition } from './http-range.ts';
import { signFileUrl, type SignFileUrlOptions } from './signed-url.ts';
import { maxPresignedSeconds } from './storage-redirect.ts';

const secret = 'redirect-test-secret-redirect-test';

async function buildFilesApp(config: FileUrlsConfig, storage: FileStorage): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(storagePlugin, { config: { dataDir: config.dataDir }, storage });
  await app.register(fileUrlsPlugin, { config });
  return app;
}

describe('GET /files/… with FILES_REDIRECT=s3, against s3rver', () => {
  let s3: S3rverTestServer;
  let dataDir: string;
  let app: FastifyInstance;
  let origin: string;
  let bytes: Buffer;
  let file: SignFileUrlOptions;

  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = await mkdtemp(join(tmpdir(), 'files-redirect-'));
    const storage = new S3FileStorage(s3.storageOptions);
    bytes = randomBytes(300_000);
    const stored = await storage.put(Readable.from([bytes]));
    file = { storageKey: stored.key, fileName: 'Données techniques.pdf', mediaType: 'application/pdf', userSub: 'u1', disposition: 'attachment' };
    app = await buildFilesApp({ dataDir, FILE_URL_SECRET: secret, SIGNED_URL_TTL_SECONDS: 60, FILES_REDIRECT: 's3' }, storage);
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    s3.requests.length = 0;
  });

  it('redirects to a presigned URL of the bucket, which serves the same bytes, type and file name', async () => {
    const url = app.fileUrls.sign(file);
    const redirect = await fetch(`${origin}${url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
    const location = new URL(redirect.headers.get('location')!);
    expect(location.origin).toBe(s3.storageOptions.endpoint);
    expect(location.pathname).toBe(`/portal/${file.storageKey}`);
    expect(location.searchParams.get('X-Amz-Expires')).toMatch(/^(59|60)$/);

    const followed = await fetch(`${origin}${url}`);
    expect(followed.status).toBe(200);
    expect(followed.url).toMatch(new RegExp(`^${s3.storageOptions.endpoint}/portal/`));
    expect(Buffer.from(await followed.arrayBuffer()).equals(bytes)).toBe(true);
    expect(followed.headers.get('content-type')).toBe('application/pdf');
    expect(followed.headers.get('content-disposition')).toBe(contentDisposition('attachment', file.fileName));
    // The bytes came from the bucket (one GET, the followed redirect): the API only asked for the file's size.
    expect(s3.requests.filter((request) => request.startsWith('GET '))).toHaveLength(1);
    expect(s3.requests.filter((request) => request.startsWith('HEAD '))).toHaveLength(2);
  });

  it('lets the browser ask the redirected URL for a byte range', async () => {
    const url = app.fileUrls.sign({ ...file, disposition: 'inline' });
    const ranged = await fetch(`${origin}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.url.startsWith(`${s3.storageOptions.endpoint}/portal/`)).toBe(true);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(ranged.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('still refuses an expired or tampered portal URL before asking the bucket anything', async () => {
    const expired = signFileUrl(file, secret, '', Date.now() - 301_000);
    const tampered = app.fileUrls.sign(file).replace(/\.(.)/, (_match, char: string) => `.${char === 'A' ? 'B' : 'A'}`);
    for (const url of [expired, tampered]) {
      const response = await fetch(`${origin}${url}`, { redirect: 'manual' });
      expect([url, response.status]).toEqual([url, 403]);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(s3.requests).toEqual([]);
  });

  it('gives the presigned URL the portal URL’s remaining life, capped', async () => {
    const long = signFileUrl({ ...file, ttlSeconds: 86_400 }, secret);
    const nearlyOver = signFileUrl({ ...file, ttlSeconds: 300 }, secret, '', Date.now() - 290_000);
    const lifetimes = [];
    for (const url of [long, nearlyOver]) {
      const response = await app.inject({ url });
      lifetimes.push(Number(new URL(response.headers.location as string).searchParams.get('X-Amz-Expires')));
    }
    expect(lifetimes[0]).toBe(maxPresignedSeconds);
    expect(lifetimes[1]).toBeGreaterThanOrEqual(9);
    expect(lifetimes[1]).toBeLessThanOrEqual(10);
  });

  it('hands out a presigned URL the bucket refuses once its life is over', async () => {
    // Signed 400 s ago (portal URL and presigned URL alike): the 60 s presigned URL has expired since.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 400_000 });
    let location: string;
    try {
      location = (await app.inject({ url: app.fileUrls.sign(file) })).headers.location as string;
    } finally {
      vi.useRealTimers();
    }
    const response = await fetch(location);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('answers HEAD, active content and missing files itself', async () => {
    const head = await app.inject({ method: 'HEAD', url: app.fileUrls.sign(file) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));

    const svg = await app.inject({ url: app.fileUrls.sign({ ...file, mediaType: 'image/svg+xml', disposition: 'inline' }) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.rawPayload.equals(bytes)).toBe(true);

    const missing = await app.inject({ url: app.fileUrls.sign({ ...file, storageKey: `ff/ff/${'f'.repeat(64)}` }) });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.location).toBeUndefined();
  });

  it('refuses to start on a storage that cannot presign (the local folder)', async () => {
    const local = new LocalFileStorage(join(dataDir, 'files'));
    await expect(buildFilesApp({ dataDir, FILE_URL_SECRET: secret, FILES_REDIRECT: 's3' }, local)).rejects.toThrow(/FILES_REDIRECT=s3 needs S3 storage/);
  });
});
