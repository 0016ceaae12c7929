import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForBackgroundJobs } from '../support/background-jobs.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { apiGet, demoRefs, waitForDemoDocuments, type VisibleDocument } from '../support/demo-documents.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const files = {
  manual: 'ARM6_manual_en_C.pdf',
  viewOnly: 'CTRL7_safety_assessment.pdf',
  releaseNotes: 'CTRL7_release_notes_7.2.docx',
  video: 'GRIP20_commissioning.mp4',
  photo: 'ARM6_photo.jpg',
  drawing: 'GRIP20_flange.svg',
  stepModel: 'TC120_model.step',
};
let browser: Browser;
let page: Page;
let documents: Map<string, VisibleDocument>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Opens the viewer through the document link of `serviceRef` and waits until it stops loading. */
async function openViewer(target: Page, serviceRef: string): Promise<void> {
  await target.goto(`${baseUrl}/DocumentLink/${serviceRef}`);
  await target.getByTestId('document-viewer').waitFor();
  await target.locator('[data-testid="document-preview"]:not([data-loading])').waitFor({ timeout: 60_000 });
}

/** True when the canvas of PDF page `pageNumber` holds ink (not just a blank page). */
async function pagePainted(target: Page, pageNumber: number): Promise<boolean> {
  const canvas = target.locator(`.pdfViewer .page[data-page-number="${pageNumber}"] canvas`).first();
  await canvas.waitFor({ timeout: 30_000 });
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    for (let i = 0; i < data.length; i += 4 * 97) if (data[i] < 200 && data[i + 3] > 0) return true;
    return false;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  // Counts calls of window.print() that reach the page's own function (the viewer swaps it while printing is blocked).
  await context.addInitScript(() => {
    const counter = window as unknown as { printCalls: number };
    counter.printCalls = 0;
    window.print = () => {
      counter.printCalls += 1;
    };
  });
  page = await context.newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/');
  documents = await waitForDemoDocuments(page, Object.values(files));
});
afterAll(async () => {
  await browser?.close();
});

describe('document viewer', () => {
  // Range loading of a large file is measured by bench/pdf-first-paint.ts (pdf.js reads files under 512 KB whole).
  it('shows a PDF; the next-page button wraps from the last page to the first', async () => {
    await openViewer(page, demoRefs.manual);
    const viewer = page.getByTestId('document-viewer');
    await expect(viewer.getByRole('heading', { level: 2 }).textContent()).resolves.toContain('ARM-6');
    expect(await pagePainted(page, 1)).toBe(true);
    await expect(page.getByTestId('pdf-page-count').textContent()).resolves.toBe('of 6');
    await screenshot(page, 'viewer-pdf-first-page');

    const pageNumber = page.getByRole('textbox', { name: 'Page number' });
    await pageNumber.fill('6');
    await pageNumber.press('Enter');
    await page.locator('[data-testid="pdf-viewer"][data-page="6"]').waitFor();
    expect(await pagePainted(page, 6)).toBe(true);
    await screenshot(page, 'viewer-pdf-last-page');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('[data-testid="pdf-viewer"][data-page="1"]').waitFor();
    await expect(pageNumber.inputValue()).resolves.toBe('1');
    await screenshot(page, 'viewer-pdf-wrapped-to-first-page');
  });

  it('finds text in the document and shows page thumbnails', async () => {
    await page.getByRole('button', { name: 'Find in document' }).click();
    await page.getByRole('textbox', { name: 'Find in document' }).fill('torque');
    await page.waitForFunction(() => /\d+ of \d+ matches/.test(document.querySelector('[data-testid="pdf-find-status"]')?.textContent ?? ''));
    await expect(page.locator('.textLayer .highlight').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'viewer-pdf-find');

    await page.getByRole('button', { name: 'Page thumbnails' }).click();
    const thumbnails = page.getByTestId('pdf-thumbnails');
    await expect(thumbnails.getByRole('button').count()).resolves.toBe(6);
    await thumbnails.getByRole('button', { name: 'Go to page 3' }).click();
    await page.locator('[data-testid="pdf-viewer"][data-page="3"]').waitFor();
    await screenshot(page, 'viewer-pdf-thumbnails');
  });

  it('adds the document to the favourites from the viewer, and removes it again', async () => {
    const viewer = page.getByTestId('document-viewer');
    await viewer.getByRole('button', { name: 'Add to favourites' }).click();
    await viewer.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    const listed = await apiGet<{ items: Array<{ itemId: string }> }>(page, '/api/Favorites');
    expect(listed.body.items.map((item) => item.itemId)).toContain(documents.get(files.manual)!.id);
    await viewer.getByRole('button', { name: 'Remove from favourites' }).click();
    await viewer.getByRole('button', { name: 'Add to favourites' }).waitFor();
  });

  it('downloads a downloadable document: the file on disk is the published file', async () => {
    const manual = documents.get(files.manual)!;
    await expect(page.getByRole('button', { name: 'Print' }).count()).resolves.toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download' }).click()]);
    // Named after the title, as readers get it, never as uploaded.
    expect(download.suggestedFilename()).toBe('Six-axis robot ARM-6 - Installation and operating manual.pdf');
    expect(manual.fileName).toBe(download.suggestedFilename());
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(0, 5).toString()).toBe('%PDF-');

    // The same file as the viewer's inline preview URL serves, byte for byte.
    const preview = await apiGet<{ downloadUrl: string }>(page, `/api/Content/pdfPreview?documentId=${manual.id}`);
    const published = Buffer.from(await (await fetch(`${baseUrl}${preview.body.downloadUrl}`)).arrayBuffer());
    expect(saved.length).toBe(published.length);
    expect(sha256(saved)).toBe(sha256(published));
  });

  it('a document that may not be downloaded has no download or print and cannot be printed', async () => {
    await openViewer(page, demoRefs.viewOnly);
    expect(await pagePainted(page, 1)).toBe(true);
    const viewer = page.getByTestId('document-viewer');
    await expect(viewer.getByRole('button', { name: 'Download' }).count()).resolves.toBe(0);
    await expect(viewer.getByRole('button', { name: 'Print' }).count()).resolves.toBe(0);
    await screenshot(page, 'viewer-view-only');

    await page.keyboard.press('Control+P');
    const shortcutBlocked = await page.evaluate(() => {
      const event = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(shortcutBlocked).toBe(true);
    await page.evaluate(() => window.print());
    await expect(page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).resolves.toBe(0);

    // Printed from the browser's menu anyway, the page leaves the viewer out.
    await page.emulateMedia({ media: 'print' });
    await expect(viewer.isVisible()).resolves.toBe(false);
    await screenshot(page, 'viewer-view-only-print-media');
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows an Office document as PDF', async () => {
    await openViewer(page, demoRefs.releaseNotes);
    expect(await pagePainted(page, 1)).toBe(true);
    await expect(page.locator('.textLayer').first().textContent()).resolves.toContain('7.2');
    await screenshot(page, 'viewer-office-document');
  });

  it('plays a video in an embedded frame', async () => {
    await openViewer(page, demoRefs.video);
    const frame = page.getByTestId('video-preview');
    await expect(frame.getAttribute('src')).resolves.toContain('/player/');
    const duration = await page
      .frameLocator('[data-testid="video-preview"]')
      .locator('video')
      .evaluate(
        (video: HTMLVideoElement) =>
          new Promise<number>((resolve) => (video.readyState >= 1 ? resolve(video.duration) : video.addEventListener('loadedmetadata', () => resolve(video.duration)))),
      );
    expect(duration).toBeGreaterThan(0);
    await screenshot(page, 'viewer-video');
  });

  it('shows images (JPEG and SVG)', async () => {
    for (const [fileName, name] of [[files.photo, 'viewer-image-jpeg'], [files.drawing, 'viewer-image-svg']] as const) {
      await openViewer(page, documents.get(fileName)!.serviceRef);
      const image = page.getByTestId('image-preview');
      await expect(image.evaluate((element: HTMLImageElement) => element.naturalWidth)).resolves.toBeGreaterThan(0);
      await screenshot(page, name);
    }
  });

  it('shows a STEP model in the 3D viewer once its preview is made (the banner said "no preview" before)', async () => {
    await waitForBackgroundJobs(inject('dataDir'), { kinds: ['modelPreview'], timeoutMs: 170_000, log: () => undefined });
    await openViewer(page, demoRefs.stepModel);
    await page.getByRole('img', { name: /^3D view of/ }).waitFor({ timeout: 60_000 });
    await page.getByText(/^Overall size:/).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('no-preview-banner').count()).toBe(0);
    await screenshot(page, 'viewer-model');
  }, 300_000);

  it('speaks French in fr-FR, the PDF viewer included', async () => {
    const context = await newContext(browser, { locale: 'fr-FR' });
    const french = await context.newPage();
    try {
      await signIn(french, baseUrl, demoAccounts.customer, '/');
      await openViewer(french, demoRefs.manual);
      expect(await pagePainted(french, 1)).toBe(true);
      await expect(french.getByTestId('pdf-page-count').textContent()).resolves.toBe('sur 6');
      await french.getByRole('button', { name: 'Page suivante' }).waitFor();
      await french.getByRole('button', { name: 'Fermer la visionneuse' }).waitFor();
      await expect(french.locator('.pdfViewer .page[data-page-number="1"]').getAttribute('aria-label')).resolves.toBe('Page 1');
      await screenshot(french, 'viewer-fr-FR');
    } finally {
      await context.close();
    }
  });
});
