import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../platform/jobs/job-runner.ts';
import { countJobs } from '../platform/jobs/job.repository.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.ts';
import { enqueuePreviewJobs } from './enqueue-preview-jobs.ts';
import { tinyPdf } from './hostile-test-fixtures.ts';
import { extractPdfText, PdfLimitError, renderPdfFirstPage } from './pdf-document.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { previewJobHandlers } from './preview-jobs.ts';
import { findPreviewVersion } from '../modules/documents/index.ts';
import { insertStoredVersion, previewTestDeps, quietLog } from './preview-test-fixtures.ts';

/**
 * About 2 KB that keeps pdf.js busy for minutes: six levels of forms, each drawing the next ten
 * times, so the page shows a million bits of text (a plain stream of text operations is read in
 * well under the time limit on a quiet machine).
 */
const slowPdf = tinyPdf({
  content: '/X1 Do',
  forms: Array.from({ length: 6 }, (_, level) => (level === 5 ? 'BT /F1 1 Tf (a) Tj ET' : `/X${level + 2} Do `.repeat(10))),
});
const plainPdf = tinyPdf();

const pngSize = async (png: Uint8Array) => {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
};

// Finding 7: pdf.js had no time limit, no memory cap and no page-area cap.
describe('limits of the PDF process', () => {
  let handle: TestDatabase;
  let deps: PreviewDeps;
  beforeAll(async () => {
    handle = await createTestDatabase('sqlite');
    deps = { ...(await previewTestDeps(handle.db, { soffice: null, ffmpeg: null })), pdfTimeoutMs: 300 };
  });
  afterAll(() => handle.destroy());

  it('gives up a PDF that keeps it busy past the time limit, and goes on with the files waiting behind it', async () => {
    expect(slowPdf.length).toBeLessThan(4096);
    const started = Date.now();
    // The file behind it has time enough for a fresh PDF process's first file.
    const [slow, next] = await Promise.allSettled([extractPdfText(slowPdf, 300), extractPdfText(plainPdf, 20_000)]);
    expect(slow).toMatchObject({ status: 'rejected', reason: expect.any(PdfLimitError) });
    expect(String((slow as PromiseRejectedResult).reason.message)).toContain('longer than 300 ms');
    expect(next).toMatchObject({ status: 'fulfilled', value: { pageCount: 1, text: 'Canary page' } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('draws only the top of a page far taller than wide (a 281-byte PDF made a 320 × 460,800 px thumbnail)', async () => {
    const tall = tinyPdf({ mediaBox: [0, 0, 10, 14_400] });
    expect(tall.length).toBeLessThan(1024);
    expect(await pngSize(await renderPdfFirstPage(tall, 320))).toEqual({ width: 320, height: 1280 });
    const tallest = tinyPdf({ mediaBox: [0, 0, 10, 100_000] });
    expect(await pngSize(await renderPdfFirstPage(tallest, 320))).toEqual({ width: 320, height: 1280 });
    const wide = tinyPdf({ mediaBox: [0, 0, 100_000, 10] });
    expect(await pngSize(await renderPdfFirstPage(wide, 320))).toEqual({ width: 320, height: 1 });
  });

  it('a PDF over the time limit gets the type icon and a text job failed for good with its reason, and the queue empties', async () => {
    const version = await insertStoredVersion(deps, 'hostile.pdf', slowPdf, 'application/pdf');
    await enqueuePreviewJobs(handle.db, version);
    const runner = new JobRunner({ db: handle.db, handlers: previewJobHandlers(deps), log: quietLog, concurrency: 2, pollIntervalMs: 50 });
    await runner.start();
    const deadline = Date.now() + 30_000;
    const settled = async () => {
      const counts = await countJobs(handle.db);
      return (counts.done ?? 0) + (counts.failed ?? 0) === 2;
    };
    while (!(await settled()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();

    expect(await countJobs(handle.db)).toMatchObject({ done: 1, failed: 1 });
    const failed = await handle.db.selectFrom('jobs').select(['kind', 'attempts', 'lastError']).where('status', '=', 'failed').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ kind: 'extractText', attempts: 1 });
    expect(failed.lastError).toContain('longer than 300 ms');
    const after = await findPreviewVersion(handle.db, version.id);
    expect(await pngSize(await buffer(await deps.storage.read(after?.thumbnailKey ?? '')))).toEqual({ width: 320, height: 400 });
  });
});
