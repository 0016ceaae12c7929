import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

describe.each(await testDialects())('web app serving on %s', (dialect) => {
  let dist: string;
  let test: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'logo.svg'), '<svg/>');
    test = await createTestApp(dialect, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await test.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await test.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await test.app.inject({ url: '/logo.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers page addresses of the web app with index.html', async () => {
    for (const url of ['/', '/resources', '/software/Controller%20X/notes.pdf', '/DocumentLink/D123-A', '/login/callback?error=access_denied']) {
      const response = await test.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    }
  });

  it('never falls back for server paths or non-page requests', async () => {
    const api = await test.app.inject({ url: '/api/Unknown', headers: { ...html, ...(await test.authHeaders(testUsers.customer)) } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('notFound');
    // An unsigned file URL is refused by the files route, never answered with the web app.
    const file = await test.app.inject({ url: '/files/abc', headers: html });
    expect(file.statusCode).toBe(403);
    expect(file.headers['content-type']).not.toContain('text/html');
    expect((await test.app.inject({ url: '/assets/missing.js', headers: { accept: 'application/javascript' } })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'POST', url: '/resources', headers: html })).statusCode).toBe(404);
  });

  it('serves an inert service worker for scope /', async () => {
    const response = await test.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['cache-control']).toBe('no-cache');
    for (const event of ['install', 'activate', 'fetch']) expect(response.body).toContain(`addEventListener('${event}', () => {})`);
  });

  it('answers CORS preflights from the web app origin before authentication', async () => {
    const preflight = await test.app.inject({
      method: 'OPTIONS',
      url: '/api/Me',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(preflight.headers['access-control-allow-headers']).toContain('ocp-apim-subscription-key');
    const stranger = await test.app.inject({ method: 'OPTIONS', url: '/api/Me', headers: { origin: 'https://evil.example.com' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(await testDialects())('web app not built on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { WEB_DIST_DIR: join(tmpdir(), 'portal-no-such-dist') });
  });
  afterAll(() => test.close());

  it('tells to run the build', async () => {
    const response = await test.app.inject({ url: '/resources', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
