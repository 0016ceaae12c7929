import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paperRequestPrintPath } from '@portal/contracts/paper-requests';
import { storeFile } from '../../platform/storage/store-file.ts';
import { insertDocument } from '../../test/document-fixtures.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { commandContext } from '../audit/index.ts';
import { updateVersionPreview } from '../documents/index.ts';
import { seedUnitFixtures } from '../units/units.fixture.ts';
import { printPaperRequest } from './paper-request-print.ts';

/*
 * The print shop's PDF: a cover, then every document of the unit in the requested language in the version its
 * owner reads; Office files as their PDF rendition; what cannot be printed is listed, never fatal; bounded.
 */

/** A real PDF of `pages` pages, each `width` points wide (the width tells the pages apart in the result). */
async function pdfOf(pages: number, width: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage([width, 500]);
  return Buffer.from(await pdf.save());
}

/** The text lines of a PDF page, top to bottom (pdf.js reads what pdf-lib drew). */
async function linesOf(bytes: Uint8Array, pageNumber: number): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const { items } = await (await document.getPage(pageNumber)).getTextContent();
  await document.destroy();
  return items.flatMap((item) => ('str' in item && item.str ? [item.str] : []));
}

describe.each(await testDialects())('paper request print PDF on %s', (dialect) => {
  let t: TestApp;
  let requestId: string;

  const stored = async (fileName: string, content: Buffer, mediaType = 'application/pdf') => {
    const file = await storeFile(t.app.storage, { fileName, content, mediaType });
    return { fileName: file.fileName, size: file.size, sha256: file.sha256, storageKey: file.storageKey, mediaType: file.mediaType };
  };
  const apply = async (documentId: string, body: object) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/Admin/units/applicability/${documentId}`, headers: await t.authHeaders(testUsers.admin), payload: body });
    expect(response.statusCode).toBe(200);
  };
  const print = async (id: string, user = testUsers.publisher) => t.app.inject({ url: paperRequestPrintPath(id), headers: await t.authHeaders(user) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedUnitFixtures(t);
    const de = { languageCode: 'de' };
    // The German variant of the R100 manual: B is current (4 pages); A (2 pages) must not be printed.
    await insertDocument(t.db, { id: 'man-de', variantGroup: 'man', title: 'Handbuch R100', ...de, versions: [
      { resourceVersion: 'A', publishedAt: '2025-01-10T09:00:00.000Z', ...(await stored('man-de_A.pdf', await pdfOf(2, 402))) },
      { resourceVersion: 'B', publishedAt: '2025-08-01T09:00:00.000Z', ...(await stored('man-de_B.pdf', await pdfOf(4, 401))) },
    ] });
    await insertDocument(t.db, { id: 'cert-de', title: 'Konformitätserklärung', typeCode: 'datasheet', ...de, versions: [{ resourceVersion: 'A', ...(await stored('cert-de.pdf', await pdfOf(3, 403))) }] });
    await insertDocument(t.db, { id: 'sheet-de', title: 'Wartungsplan', ...de, versions: [{ resourceVersion: 'A', ...(await stored('plan.docx', Buffer.from('PK office bytes'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')) }] });
    await updateVersionPreview(t.db, 'sheet-de-A', { previewPdfKey: (await stored('plan.pdf', await pdfOf(1, 404))).storageKey });
    await insertDocument(t.db, { id: 'broken-de', title: 'Beschädigt', ...de, versions: [{ resourceVersion: 'A', ...(await stored('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R\n%%EOF'))) }] });
    await insertDocument(t.db, { id: 'drawing-de', title: 'Zeichnung', ...de, versions: [{ resourceVersion: 'A', ...(await stored('drawing.png', Buffer.from('not really a png'), 'image/png')) }] });
    for (const id of ['sheet-de', 'broken-de', 'drawing-de']) await apply(id, { rules: [{ product: 'R100' }] });
    await apply('cert-de', { unit: 'R100-0001' });

    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-02T10:00:00.000Z') });
    try {
      const response = await t.app.inject({
        method: 'POST', url: '/api/Units/R100-0001/paper-requests', headers: await t.authHeaders(testUsers.customer),
        payload: { language: 'de', postalAddress: 'ACME GmbH\nWerkstraße 1\n12345 Musterstadt', contact: 'Anna Acme' },
      });
      expect(response.statusCode).toBe(201);
      requestId = response.json().id;
    } finally {
      vi.useRealTimers();
    }
  });
  afterAll(() => t.close());

  it('holds a cover, then every page of each printable document in the owner’s version, and audits the download', async () => {
    const response = await print(requestId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="paper-request-R100-0001-de.pdf"');
    const pdf = await PDFDocument.load(response.rawPayload);
    // One cover page, then man-de B (4), cert-de (3) and the rendition of the Office file (1).
    expect(pdf.getPageCount()).toBe(1 + 4 + 3 + 1);
    expect(pdf.getTitle()).toBe('Printed instructions R100-0001 (de)');
    const widths = pdf.getPages().map((page) => Math.round(page.getWidth()));
    expect(widths[0]).toBe(595);
    expect(widths.slice(1).sort()).toEqual([401, 401, 401, 401, 403, 403, 403, 404]);

    const cover = await linesOf(response.rawPayload, 1);
    expect(cover).toEqual(expect.arrayContaining([
      'Example Machines', 'Unit: R100-0001', 'Language: DE', `Request: ${requestId}`, 'Due date: 2026-03-02', `Requester: ${testUsers.customer.name}`,
      'ACME GmbH', 'Werkstraße 1', '12345 Musterstadt', 'Documents (3 printed, 8 pages after this cover)',
    ]));
    expect(cover.join('\n')).toContain('MANDE Handbuch R100 - version B of 2025-08-01, 4 pages');
    expect(cover.join('\n')).toContain('not printable: drawing.png (no PDF rendition)');
    expect(cover.join('\n')).toContain('not printable: broken.pdf (damaged or encrypted)');
    // Documents the owner reads in English only are named, not printed; another account's restricted one not at all.
    expect(cover).toEqual(expect.arrayContaining(['Not available in DE', 'CERT1 Title of cert1 (EN)']));
    expect(cover.join('\n')).not.toContain('SECRET');

    const [entry] = await t.db.selectFrom('audit_entries').selectAll().where('objectKind', '=', 'paper-request').where('objectId', '=', requestId).where('action', '=', 'download').execute();
    expect(entry).toMatchObject({ actorSub: testUsers.publisher.sub });
    const after = JSON.parse(entry!.after!);
    expect(after).toMatchObject({ fileName: 'paper-request-R100-0001-de.pdf', coverPages: 1, pages: 9 });
    expect(after.documents).toEqual(expect.arrayContaining([
      { serviceRef: 'MANDE', version: 'B', pages: 4 },
      { serviceRef: 'CERTDE', version: 'A', pages: 3 },
      { serviceRef: 'SHEETDE', version: 'A', pages: 1 },
      { serviceRef: 'BROKENDE', version: 'A', pages: null },
      { serviceRef: 'DRAWINGDE', version: 'A', pages: null },
    ]));
    expect(after.documents).toHaveLength(5);
  });

  it('answers 403 to a customer, 404 for an unknown request, 400 for a malformed id', async () => {
    expect((await print(requestId, testUsers.customer)).statusCode).toBe(403);
    const missing = await print('00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'notFound' });
    expect((await print('..%2F..%2Fetc')).statusCode).toBe(400);
  });

  it('refuses with 413 beyond the size or page limit, before building anything', async () => {
    const deps = { db: t.db, events: t.app.events, storage: t.app.storage, maker: 'Example Machines' };
    const user = { ...testUsers.publisher, roles: [...testUsers.publisher.roles] };
    const context = commandContext('test');
    await expect(printPaperRequest({ ...deps, limits: { maxInputBytes: 1000, maxPages: 5000 } }, user, requestId, context)).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining('MB') });
    await expect(printPaperRequest({ ...deps, limits: { maxInputBytes: 200 * 1024 * 1024, maxPages: 6 } }, user, requestId, context)).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining('more than 6 pages') });
    const pdf = await PDFDocument.load((await printPaperRequest({ ...deps, limits: { maxInputBytes: 200 * 1024 * 1024, maxPages: 8 } }, user, requestId, context)).bytes);
    expect(pdf.getPageCount()).toBe(9);
  });
});
