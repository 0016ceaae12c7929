import { buffer } from 'node:stream/consumers';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../platform/jobs/job-runner.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { enqueuePreviewJobs } from './enqueue-preview-jobs.ts';
import { tinyPdf } from './hostile-test-fixtures.ts';
import { getOfficePdfKey } from './office-pdf.service.ts';
import { pdftotextExtract } from './pdftotext.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { previewJobHandlers } from './preview-jobs.ts';
import { findPreviewVersion } from '../modules/documents/index.ts';
import { insertStoredVersion, previewTestDeps, quietLog } from './preview-test-fixtures.ts';
import { detectSystemTools } from './system-tools.ts';

const { pdftotext } = await detectSystemTools(quietLog);
// CI installs poppler-utils (scripts/ensure-system-deps.mjs): there the second extractor must run.
const skipPdftotext = !pdftotext && !process.env.CI;
if (skipPdftotext) console.warn('pdftotext (poppler-utils) is not installed: skipping the second text extractor tests');

/** About 2 KB that keeps pdf.js busy for seconds (200,000 text-showing operations): poppler reads it at once. */
const slowPdf = tinyPdf({ content: `BT /F1 1 Tf ${'(a) Tj '.repeat(200_000)}ET` });

/** A two-page TIFF scan, 800 × 480 pixels. */
async function scan(): Promise<Buffer> {
  const page = (colour: string) => sharp({ create: { width: 800, height: 480, channels: 3, background: colour } }).png().toBuffer();
  return sharp([await page('#ffffff'), await page('#336699')], { join: { animated: true } }).tiff().toBuffer();
}

const jobKinds = async (db: TestDatabase['db']) => (await db.selectFrom('jobs').select('kind').orderBy('kind').execute()).map((row) => row.kind);

describe.each(await testDialects())('scans and the second text extractor on %s', (dialect) => {
  let handle: TestDatabase;
  let deps: PreviewDeps;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    // No LibreOffice: a scan's preview does not need it.
    deps = await previewTestDeps(handle.db, { soffice: null, ffmpeg: null, pdftotext });
  });
  afterAll(() => handle.destroy());

  // Issue 13: TIFF scans were refused; browsers cannot show them, so their preview is a PDF of their pages.
  it('previews a TIFF scan as a PDF of its pages and thumbnails it with sharp, without LibreOffice', async () => {
    const version = await insertStoredVersion(deps, 'drawing 17.tiff', await scan(), 'image/tiff');
    await handle.db.deleteFrom('jobs').execute();
    await enqueuePreviewJobs(handle.db, version);
    expect(await jobKinds(handle.db)).toEqual(['officePdf', 'thumbnail']);

    const handlers = previewJobHandlers(deps);
    await handlers.officePdf({ versionId: version.id }, undefined as never);
    await handlers.thumbnail({ versionId: version.id }, undefined as never);
    const after = await findPreviewVersion(handle.db, version.id);
    expect(after?.previewError).toBeNull();
    const pdf = await PDFDocument.load(await buffer(await deps.storage.read(after?.previewPdfKey ?? '')));
    expect(pdf.getPageCount()).toBe(2);
    expect(await getOfficePdfKey(deps, after ?? version)).toBe(after?.previewPdfKey);
    const thumbnail = await sharp(await buffer(await deps.storage.read(after?.thumbnailKey ?? ''))).metadata();
    expect({ format: thumbnail.format, width: thumbnail.width, height: thumbnail.height }).toEqual({ format: 'png', width: 320, height: 192 });
  });

  it('keeps a damaged scan as "no preview" with its reason, and gives it the type icon', async () => {
    const version = await insertStoredVersion(deps, 'broken.tif', Buffer.from('II*\0 not really a TIFF'), 'image/tiff');
    await expect(getOfficePdfKey(deps, version)).rejects.toMatchObject({ code: 'noPreview' });
    expect((await findPreviewVersion(handle.db, version.id))?.previewError).toBe('the conversion failed');
    await previewJobHandlers(deps).thumbnail({ versionId: version.id }, undefined as never);
    const icon = await sharp(await buffer(await deps.storage.read((await findPreviewVersion(handle.db, version.id))?.thumbnailKey ?? ''))).metadata();
    expect({ width: icon.width, height: icon.height }).toEqual({ width: 320, height: 400 });
  });

  // Issue 13: 15 PDFs of a real base had a few bytes before `%PDF-`; readers accept up to 1,024.
  it('reads the text and draws the thumbnail of a PDF with bytes before its header', async () => {
    const version = await insertStoredVersion(deps, 'late.pdf', Buffer.concat([Buffer.from('\r\n\0junk'), tinyPdf()]), 'application/pdf');
    const handlers = previewJobHandlers(deps);
    await handlers.extractText({ versionId: version.id }, undefined as never);
    await handlers.thumbnail({ versionId: version.id }, undefined as never);
    const text = await handle.db.selectFrom('document_texts').select('body').where('versionId', '=', version.id).executeTakeFirstOrThrow();
    expect(text.body).toBe('Canary page');
    const thumbnail = await sharp(await buffer(await deps.storage.read((await findPreviewVersion(handle.db, version.id))?.thumbnailKey ?? ''))).metadata();
    expect({ width: thumbnail.width, height: thumbnail.height }).toEqual({ width: 320, height: 414 });
  });

  // Issue 13: when pdf.js cannot read a PDF's text, poppler's pdftotext is tried.
  it.skipIf(skipPdftotext)('reads the text with pdftotext when pdf.js gives up on the PDF', async () => {
    const quick = { ...deps, pdfTimeoutMs: 300 };
    const version = await insertStoredVersion(quick, 'slow.pdf', slowPdf, 'application/pdf');
    await previewJobHandlers(quick).extractText({ versionId: version.id }, undefined as never);
    const text = await handle.db.selectFrom('document_texts').select('body').where('versionId', '=', version.id).executeTakeFirstOrThrow();
    expect(text.body).toMatch(/^a{100}/);
    expect((await findPreviewVersion(handle.db, version.id))?.pageCount).toBe(1);

    // Without the second extractor the job fails for good, as before.
    const without = { ...quick, tools: { ...quick.tools, pdftotext: null } };
    // A PDF pdf.js refuses outright (no objects at all): the outcome does not depend on how fast pdf.js is.
    const damaged = Buffer.from('%PDF-1.4\nnot a single object here\n%%EOF\n');
    const other = await insertStoredVersion(without, 'damaged.pdf', damaged, 'application/pdf');
    await expect(previewJobHandlers(without).extractText({ versionId: other.id }, undefined as never)).rejects.toBeInstanceOf(PermanentJobError);
  });

  it.skipIf(skipPdftotext)('runs pdftotext in the sandbox with a time limit, pages apart', async () => {
    const twoPages = await PDFDocument.create();
    const font = await twoPages.embedFont('Helvetica');
    twoPages.addPage().drawText('First page words', { x: 50, y: 700, font });
    twoPages.addPage().drawText('Second page words', { x: 50, y: 700, font });
    const bytes = await twoPages.save();
    expect(await pdftotextExtract(pdftotext ?? '', bytes)).toEqual({ text: 'First page words\n\nSecond page words', pageCount: 2 });
    await expect(pdftotextExtract(pdftotext ?? '', slowPdf, 1)).rejects.toMatchObject({ timedOut: true });
    await expect(pdftotextExtract(pdftotext ?? '', Buffer.from('not a pdf'))).rejects.toMatchObject({ name: 'ToolError' });
  });
});
