import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../platform/delivery/zip-reader.ts';
import { storeFile } from '../../platform/storage/store-file.ts';
import { testUsers, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { otherCustomer, unitFixturesApp } from './units.fixture.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface ManifestFile { path: string; id: string; title: string; version: string; language: string; type: string; sha256: string }

describe.each(await testDialects())('unit package and labels on %s', (dialect) => {
  const app = unitFixturesApp(dialect);
  const { get } = app;
  const packageOf = async (serial: string, query = '', user: TestUserInput = testUsers.customer) => {
    const response = await get(`/api/Units/${serial}/package${query}`, user);
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
    return { response, entries, manifest };
  };

  describe('GET /api/Units/{serial}/package', () => {
    it('holds every applicable and own document, the as-shipped version and release notes, with matching checksums', async () => {
      const { response, entries, manifest } = await packageOf('R100-0001');
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain('R100-0001-documentation-en.zip');
      const files = manifest.files as ManifestFile[];
      expect(files.map((file) => [file.id, file.version, file.type])).toEqual([
        ['man-en', 'C', 'document'], ['man-en', 'B', 'document'], ['cert1', 'A', 'unit-document'], ['rn20', 'A', 'release-notes'],
      ]);
      expect(manifest).toMatchObject({ serialNumber: 'R100-0001', language: 'en', packageVersion: expect.stringMatching(/^en\./) });
      for (const file of files) {
        const entry = entries.find((candidate) => candidate.name === file.path);
        expect(entry, file.path).toBeDefined();
        expect(sha256(entry!.data)).toBe(file.sha256);
        expect(entry!.data.equals(app.bytes.get(`${file.id}-${file.version}`)!)).toBe(true);
      }
      // The view-only document is listed on the page but never packed.
      expect(files.map((file) => file.id)).not.toContain('viewonly');
      // Files are named after their titles as readers get them, never as uploaded (man-en_C.pdf).
      expect(files[0]!.path).toBe('documents/MANEN-C/Title_of_man-en.pdf');
      expect(entries.map((entry) => entry.name).join('\n')).not.toContain('man-en_C.pdf');
    });

    it('writes an index.html linking every file by relative path, without script', async () => {
      const { entries, manifest } = await packageOf('R100-0001');
      const html = entries.find((entry) => entry.name === 'index.html')!.data.toString('utf8');
      expect(html).not.toMatch(/<script/i);
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!)).filter((href) => !href.startsWith('http'));
      expect(links.sort()).toEqual((manifest.files as ManifestFile[]).map((file) => file.path).sort());
    });

    it('takes the language variant where one exists', async () => {
      const { manifest } = await packageOf('R100-0001', '?language=fr');
      const files = manifest.files as ManifestFile[];
      expect(files.filter((file) => file.type === 'document').map((file) => [file.id, file.language])).toEqual([['man-fr', 'fr']]);
      expect(manifest.packageVersion).toMatch(/^fr\./);
    });

    it("defaults to the reader's language (Accept-Language), the language asked for still winning", async () => {
      const headers = { ...(await app.t.authHeaders(testUsers.customer)), 'accept-language': 'de-DE;q=0.5, fr-FR, en;q=0.8' };
      const french = await app.t.app.inject({ url: '/api/Units/R100-0001/package', headers });
      expect(french.statusCode).toBe(200);
      expect(french.headers['content-disposition']).toContain('R100-0001-documentation-fr.zip');
      const manifest = JSON.parse(readZip(french.rawPayload).find((entry) => entry.name === 'manifest.json')!.data.toString('utf8'));
      expect(manifest.language).toBe('fr');
      const asked = await app.t.app.inject({ url: '/api/Units/R100-0001/package?language=en', headers });
      expect(asked.headers['content-disposition']).toContain('R100-0001-documentation-en.zip');
    });

    it("writes index.html's wording and dates in the package's language, the time with its time zone, and marks files in another language", async () => {
      const indexOf = async (language: string) =>
        (await packageOf('R100-0001', `?language=${language}`)).entries.find((entry) => entry.name === 'index.html')!.data.toString('utf8');
      const german = await indexOf('de');
      expect(german).toContain('Ausgeliefert am 1. Juli 2025.');
      expect(german).toMatch(/erstellt am \d{1,2}\. \S+ \d{4}, \d{2}:\d{2} UTC\./);
      expect(german).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(german).toContain('nicht auf DE verfügbar: auf EN');
      expect(german).toContain('<h2>Dokumente</h2>');
      expect(german).not.toMatch(/Shipped|generated|not available|manifest.json lists/);
      const french = await indexOf('fr');
      expect(french).toContain('Livrée le 1 juil. 2025.');
      expect(french).toContain('README.txt explique comment utiliser le paquet hors ligne.');
      expect(french).not.toMatch(/Shipped|generated|not available|manifest.json lists/);
      expect(await indexOf('en')).toMatch(/Shipped Jul\S* 1, 2025\. Package en\./);
    });

    it('tells when a package downloaded earlier is out of date, and the history says so too', async () => {
      const { manifest } = await packageOf('R100-0001');
      const fresh = (await get(`/api/Units/R100-0001?packageVersion=${manifest.packageVersion}`)).json();
      expect(fresh.offlinePackage).toEqual({ version: manifest.packageVersion, outdated: false });
      const french = (await packageOf('R100-0001', '?language=fr')).manifest.packageVersion;
      expect((await get('/api/Units/R100-0001?language=fr')).json().offlinePackage).toEqual({ version: french, outdated: null });

      const stored = await storeFile(app.t.app.storage, { fileName: 'cert1_B.pdf', content: '%PDF-1.4 new certificate', mediaType: 'application/pdf' });
      await app.t.db.insertInto('document_versions').values({
        id: 'cert1-B', documentId: 'cert1', resourceVersion: 'B', fileName: stored.fileName, size: stored.size, mediaType: stored.mediaType, sha256: stored.sha256,
        storageKey: stored.storageKey, publishedAt: '2026-03-01T00:00:00.000Z', pageCount: null, thumbnailKey: null, previewPdfKey: null, posterKey: null,
        previewError: null, createdAt: '2026-03-01T00:00:00.000Z',
      }).execute();
      await app.t.db.updateTable('documents').set({ currentVersionId: 'cert1-B' }).where('id', '=', 'cert1').execute();

      expect((await get(`/api/Units/R100-0001?packageVersion=${manifest.packageVersion}`)).json().offlinePackage.outdated).toBe(true);
      expect((await get(`/api/Units/R100-0001?packageVersion=${french}`)).json().offlinePackage.outdated).toBe(true);
      expect((await get('/api/Units/R100-0001?packageVersion=nonsense')).statusCode).toBe(400);
      const history = (await get('/api/Downloads/history?kind=unit')).json();
      expect(history.items[0]).toMatchObject({
        kind: 'unit', itemRef: 'R100-0001', isZip: true, newerVersionAvailable: true,
        redownload: { method: 'GET', url: expect.stringMatching(/^\/api\/Units\/R100-0001\/package\?language=(en|fr)$/) },
      });
    });

    it('answers 404 like a missing unit to another account and to a partner not serving it', async () => {
      const missing = await get('/api/Units/R100-9999/package');
      expect(missing.statusCode).toBe(404);
      for (const [user, serial] of [[otherCustomer, 'R100-0001'], [testUsers.partner, 'R100-0150']] as const) {
        const response = await get(`/api/Units/${serial}/package`, user);
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(missing.body);
      }
      expect((await get('/api/Units/R100-0001/package', testUsers.partner)).statusCode).toBe(200);
    });
  });

  describe('labels', () => {
    it('draws the identification link as a QR code that decodes, with the link, serial and model in the SVG', async () => {
      const svg = await get('/api/Units/R100-0001/label.svg');
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.body).toContain('http://localhost:8080/id/R100-0001');
      expect(svg.body).toContain('R100-0001');
      expect(svg.body).toContain('Robot R100');

      const png = await get('/api/Units/R100-0001/label.png');
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      // About 300 dpi on the 100 mm label.
      expect(info.width).toBeGreaterThan(1100);
      expect(info.width).toBeLessThan(1300);
      const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      expect(decoded?.data).toBe('http://localhost:8080/id/R100-0001');
    });

    it('prints a PDF of labels, ten to a page, for units the user may see', async () => {
      const serialList = ['R100-0001', 'R100-0150'];
      const response = await app.t.app.inject({ method: 'POST', url: '/api/Units/labels.pdf', headers: await app.t.authHeaders(testUsers.customer), payload: { serials: serialList } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(1);
      const many = Array.from({ length: 11 }, (_, index) => `R100-${String(index).padStart(4, '0')}`);
      expect((await app.t.app.inject({ method: 'POST', url: '/api/Units/labels.pdf', headers: await app.t.authHeaders(testUsers.employee), payload: { serials: many } })).statusCode).toBe(404);
      expect((await app.t.app.inject({ method: 'POST', url: '/api/Units/labels.pdf', headers: await app.t.authHeaders(testUsers.employee), payload: { serials: Array(201).fill('R100-0001') } })).statusCode).toBe(400);
    });

    it('answers 404 for the label of a unit the user may not see', async () => {
      for (const path of ['label.svg', 'label.png']) {
        expect((await get(`/api/Units/R100-0001/${path}`, otherCustomer)).statusCode).toBe(404);
        expect((await get(`/api/Units/R100-0150/${path}`, testUsers.partner)).statusCode).toBe(404);
      }
      const mixed = await app.t.app.inject({ method: 'POST', url: '/api/Units/labels.pdf', headers: await app.t.authHeaders(otherCustomer), payload: { serials: ['R100-0300', 'R100-0001'] } });
      expect(mixed.statusCode).toBe(404);
    });
  });
});
