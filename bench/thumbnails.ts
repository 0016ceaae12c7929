import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { apiGet } from '../e2e/support/demo-documents.ts';
import { startPortal, waitForDemoContent } from '../e2e/support/portal-server.ts';
import { demoAccounts, signIn } from '../e2e/support/sign-in.ts';
import { numberOption } from './support/args.ts';
import { machineSummary } from './support/machine.ts';

/*
 * Issue #4: a result page of 24 shows every thumbnail within one second. The real portal (built web
 * app, demo seed, SQLite) on a free port; Debian's Chromium signed in as the demo customer; the
 * browser cache is emptied before each run, so every picture comes over the network.
 *
 *   npm run build -w @portal/web && npx tsx bench/thumbnails.ts [--runs 5]
 *
 * Measured per run, in the page's own clock:
 * - load: from the start of a full load of /resources (boot, sign-in check, search) to the moment
 *   all 24 result images have decoded (naturalWidth > 0);
 * - page change: from the click on "next page" to the same moment for results 25 to 48;
 * - after answer: from the arrival of the search answer (Resource Timing) to the same moment, for
 *   both of the above: the share of the thumbnails and of drawing the cards.
 */

const runs = numberOption('runs', 5);
const cardImages = '[data-testid="result-card"] img[data-testid="document-thumbnail"]';

/**
 * Resolves once the page shows 24 cards, none of them among `previous` (the page shown before),
 * whose pictures have all decoded; answers performance.now() at that moment.
 */
async function allThumbnailsShown(page: Page, previous: string[] = [], timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, previous }) => {
      // Runs in the page; the bench is compiled without the DOM library, hence the local shape.
      type Shown = { complete: boolean; naturalWidth: number; getAttribute(name: string): string | null };
      const { document } = globalThis as unknown as { document: { querySelectorAll(selector: string): Iterable<Shown> } };
      const cards = [...document.querySelectorAll('[data-testid="result-card"]')];
      const images = [...document.querySelectorAll(selector)];
      const fresh = cards.every((card) => !previous.includes(card.getAttribute('data-document-id') ?? ''));
      const done = fresh && cards.length === 24 && images.length === 24 && images.every((image) => image.complete && image.naturalWidth > 0);
      return done ? performance.now() : null;
    },
    { selector: cardImages, previous },
    { polling: 'raf', timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/** Results of the first two pages (newest first) that have no thumbnail yet: a fresh seed makes them in the background. */
async function missingThumbnails(page: Page): Promise<number> {
  let missing = 0;
  for (const pageNumber of [1, 2]) {
    const { body } = await apiGet<{ items: Array<{ thumbnailUrl: string | null }> }>(page, `/api/Content/search?page=${pageNumber}&pageSize=24`);
    missing += body.items.filter((item) => !item.thumbnailUrl).length + (24 - body.items.length);
  }
  return missing;
}

async function waitForSeededThumbnails(page: Page): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  let missing = await missingThumbnails(page);
  while (missing > 0) {
    if (Date.now() > deadline) throw new Error(`${missing} of the 48 newest results still have no thumbnail after 5 minutes`);
    await new Promise((wait) => setTimeout(wait, 5000));
    missing = await missingThumbnails(page);
  }
}

/** When the last search answer that started after `since` (page clock) had fully arrived, from Resource Timing. */
async function searchAnsweredAt(page: Page, since: number): Promise<number> {
  const ends = await page.evaluate(
    (from) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.includes('/api/Content/search') && entry.startTime >= from)
        .map((entry) => entry.responseEnd),
    since,
  );
  if (ends.length === 0) throw new Error('No search request was made');
  return Math.max(...ends);
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;
}

const portal = await startPortal();
await waitForDemoContent(portal.dataDir);
const browser = await launchBrowser();
try {
  const context = await newContext(browser, { viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await signIn(page, portal.baseUrl, demoAccounts.customer, '/resources');
  await page.getByTestId('result-card').first().waitFor();
  await waitForSeededThumbnails(page);

  const load: number[] = [];
  const pageChange: number[] = [];
  const afterAnswer: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${portal.baseUrl}/resources`, { waitUntil: 'commit' });
    const loaded = await allThumbnailsShown(page);
    load.push(loaded);
    afterAnswer.push(loaded - (await searchAnsweredAt(page, 0)));

    await cdp.send('Network.clearBrowserCache');
    const shownIds = await page.getByTestId('result-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-document-id') ?? ''));
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Next page' }).click();
    const changed = await allThumbnailsShown(page, shownIds);
    pageChange.push(changed - clickedAt);
    afterAnswer.push(changed - (await searchAnsweredAt(page, clickedAt)));
  }

  console.log(`${machineSummary()}; load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`);
  console.log(`Runs: ${runs}, viewport 1920×1080, browser cache emptied before each measure`);
  console.log(`Full load of /resources to 24 thumbnails shown: ${summary(load)}`);
  console.log(`Search answer to 24 thumbnails shown (both):    ${summary(afterAnswer)}`);
  console.log(`Click on "next page" to 24 thumbnails shown:    ${summary(pageChange)}`);
} finally {
  await browser.close();
  await portal.stop();
}
