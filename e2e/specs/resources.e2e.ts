import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { waitForBackgroundJobs } from '../support/background-jobs.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/resources');
  // A fresh seed extracts the documents' text in background jobs: search results change until they are done.
  await waitForBackgroundJobs(inject('dataDir'), { kinds: ['officePdf', 'extractText'], timeoutMs: 170_000, log: () => undefined });
});
afterAll(async () => {
  await browser?.close();
});

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const cards = () => page.getByTestId('result-card');
const typeFacet = (label: string) => page.getByTestId('facet-type').getByRole('checkbox', { name: new RegExp(`^${label}`) });
const resultTitles = () => cards().locator('h3').allTextContents();
/** The page's cards once all are drawn: the list draws the first few, then the rest a moment later. */
const shownTitles = async () => {
  const total = Number((await page.getByTestId('result-count').textContent())?.match(/^\d+/)?.[0] ?? Number.NaN);
  await poll(() => cards().count()).toBe(Math.min(total, 24));
  return resultTitles();
};
/** The document types shown on the result cards (each card's first badge). */
const typeBadgesOf = () => cards().evaluateAll((all) => [...new Set(all.map((card) => card.querySelector('.mantine-Badge-root')?.textContent ?? ''))]);

describe('resources page', () => {
  it('lists the newest documents the customer may see, 24 a page, with thumbnails and actions', async () => {
    await poll(() => cards().count()).toBe(24);
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^\d+ documents$/);
    const titles = await resultTitles();
    expect(titles.some((title) => title.includes('(partners)'))).toBe(false);
    const first = cards().first();
    for (const name of [/^Open /, 'Copy share link', /favourites$/]) expect(await first.getByRole('button', { name }).count()).toBe(1);
    await screenshot(page, 'resources-newest');
  });

  it('searches as the user types, highlights the matches, filters by a facet in the URL; reload and back restore the view', async () => {
    await page.getByRole('searchbox', { name: 'Search documents' }).pressSequentially('maintenance', { delay: 30 });
    await page.waitForURL(/[?&]q=maintenance/);
    await poll(async () => (await page.locator('[data-testid="result-snippet"] mark').allTextContents()).length).toBeGreaterThan(0);
    const marks = await page.locator('[data-testid="result-snippet"] mark').allTextContents();
    expect(marks.every((mark) => /^maintenance/i.test(mark))).toBe(true);
    await screenshot(page, 'resources-search-highlighted');

    // A facet: the data sheets among the matches, ticked by its checkbox; the URL records it.
    // The state lives in the URL: the box shows ticked once the router has moved there (check() wants it at once).
    await typeFacet('Data sheet').click();
    await page.waitForURL(/[?&]type=datasheet/);
    await poll(() => typeFacet('Data sheet').isChecked()).toBe(true);
    await poll(typeBadgesOf).toEqual(['Data sheet']);
    const filteredUrl = page.url();
    const filteredTitles = await shownTitles();
    expect(filteredUrl).toContain('q=maintenance');
    await screenshot(page, 'resources-filtered');

    await page.reload();
    await poll(resultTitles).toEqual(filteredTitles);
    expect(page.url()).toBe(filteredUrl);
    expect(await typeFacet('Data sheet').isChecked()).toBe(true);
    expect(await page.getByRole('searchbox', { name: 'Search documents' }).inputValue()).toBe('maintenance');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('type') && url.searchParams.get('q') === 'maintenance');
    await poll(() => typeFacet('Data sheet').isChecked()).toBe(false);
    await poll(typeBadgesOf).toContain('Manual');
  });

  it('pages through the results and sorts by title', async () => {
    await page.goto(`${baseUrl}/resources?sort=title`);
    await poll(() => cards().count()).toBe(24);
    const titles = await resultTitles();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/[?&]page=2/);
    await poll(async () => (await resultTitles())[0]).not.toBe(titles[0]);
    await screenshot(page, 'resources-page-2');
  });

  it('shows an empty state when nothing matches', async () => {
    await page.goto(`${baseUrl}/resources?q=zzxqvw`);
    await page.getByTestId('resources-empty').waitFor();
    expect(await page.getByTestId('resources-empty').textContent()).toContain('No documents match your search.');
    await screenshot(page, 'resources-empty');
  });

  it('opens a result in the viewer', async () => {
    await page.goto(`${baseUrl}/resources?q=maintenance`);
    await cards().first().waitFor();
    const title = (await resultTitles())[0]!;
    await cards().first().getByRole('button', { name: /^Open / }).click();
    const viewer = page.getByTestId('document-viewer');
    await viewer.waitFor();
    expect(await viewer.getByRole('heading').first().textContent()).toBe(title);
    await screenshot(page, 'resources-viewer-open');
    await page.getByRole('button', { name: 'Close the viewer' }).click();
    await viewer.waitFor({ state: 'detached' });
  });

  it('fits a phone screen: filters behind a button, one card per row, no sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/resources?q=maintenance`);
    await cards().first().waitFor();
    expect(await page.getByTestId('facet-type').isVisible()).toBe(false);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'resources-phone');
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByTestId('facet-type').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'resources-phone-filters');
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
