import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../errors.ts';
import { LocalFileStorage } from '../storage/local-file-storage.ts';
import { storagePlugin } from '../storage/storage.plugin.ts';
import { fileUrlsPlugin, type FileUrlsConfig } from './file-urls.plugin.ts';
import { signFileUrl, type SignFileUrlOptions } from './signed-url.ts';

const secret = 'route-test-secret-route-test-secret';

async function buildFilesApp(config: FileUrlsConfig, storage: LocalFileStorage): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(storagePlugin, { config: { dataDir: config.dataDir }, storage });
  await app.register(fileUrlsPlugin, { config });
  return app;
}

describe('GET /files/…', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let bytes: Buffer;
  let file: SignFileUrlOptions;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'files-route-'));
    const storage = new LocalFileStorage(join(dataDir, 'files'));
    bytes = randomBytes(100_000);
    const stored = await storage.put(Readable.from([bytes]));
    file = { storageKey: stored.key, fileName: 'Données techniques.pdf', mediaType: 'application/pdf', userSub: 'u1', disposition: 'attachment' };
    app = await buildFilesApp({ dataDir, FILE_URL_SECRET: secret, SIGNED_URL_TTL_SECONDS: 60 }, storage);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('streams the whole file with its headers', async () => {
    const url = app.fileUrls.sign(file);
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${file.storageKey.split('/').at(-1)}"`,
      'content-disposition': `attachment; filename="Donn_es techniques.pdf"; filename*=UTF-8''Donn%C3%A9es%20techniques.pdf`,
    });
    expect(response.headers['cache-control']).toMatch(/^private, max-age=(59|60)$/);

    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves a single byte range with 206, and 416 past the end', async () => {
    const url = app.fileUrls.sign({ ...file, disposition: 'inline' });
    const ranged = await app.inject({ url, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(ranged.headers['content-length']).toBe('1000');
    expect(ranged.headers['content-disposition']).toMatch(/^inline; /);
    expect(ranged.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const suffix = await app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 304 to a matching If-None-Match, and ignores a range under a stale If-Range', async () => {
    const url = app.fileUrls.sign(file);
    const first = await app.inject({ url });
    const etag = first.headers.etag as string;
    const cached = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const stale = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
    const fresh = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(fresh.statusCode).toBe(206);
  });

  it('refuses a tampered URL with 403', async () => {
    const url = app.fileUrls.sign(file);
    const [, token, name] = /^\/files\/([^/]+)\/(.+)$/.exec(url)!;
    const [payload, mac] = token.split('.');
    const otherFile = signFileUrl({ ...file, storageKey: 'aa/bb/' + 'a'.repeat(64) }, 'not-the-secret-not-the-secret-xx');
    const tampered = [
      `/files/${payload}.${mac.replace(/^./, (char) => (char === 'A' ? 'B' : 'A'))}/${name}`,
      `/files/${payload.replace(/^./, (char) => (char === 'W' ? 'X' : 'W'))}.${mac}/${name}`,
      `/files/${payload}/${name}`,
      otherFile,
      '/files/',
    ];
    for (const candidate of tampered) {
      const response = await app.inject({ url: candidate });
      expect([candidate, response.statusCode]).toEqual([candidate, 403]);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('refuses an expired URL with 403', async () => {
    for (const [ttlSeconds, age, status] of [[60, 61, 403], [60, 30, 200], [undefined, 301, 403], [undefined, 290, 200]] as const) {
      const url = signFileUrl({ ...file, ttlSeconds }, secret, '', Date.now() - age * 1000);
      const response = await app.inject({ url });
      expect([ttlSeconds, age, response.statusCode]).toEqual([ttlSeconds, age, status]);
    }
  });

  it('sandboxes active content opened directly', async () => {
    const url = app.fileUrls.sign({ ...file, mediaType: 'image/svg+xml', disposition: 'inline' });
    const response = await app.inject({ url });
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 when the signed file is no longer stored', async () => {
    const url = app.fileUrls.sign({ ...file, storageKey: `ff/ff/${'f'.repeat(64)}` });
    expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('generates the secret in DATA_DIR/secrets once and keeps it across restarts', async () => {
    const storage = new LocalFileStorage(join(dataDir, 'files'));
    const first = await buildFilesApp({ dataDir }, storage);
    const url = first.fileUrls.sign(file);
    await first.close();
    const saved = await readFile(join(dataDir, 'secrets', 'file-url-secret'), 'utf8');
    expect(saved.trim().length).toBeGreaterThanOrEqual(32);
    const second = await buildFilesApp({ dataDir }, storage);
    expect((await second.inject({ url })).statusCode).toBe(200);
    await second.close();
  });
});
