import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * Search analytics (issue 28, the search part): a customer searches as they type, opens the second result and
 * searches for something that exists nowhere; the publisher sees it on the dashboard within 60 seconds, with the
 * reason of the empty search, and the query's detail.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 60_000, interval: 1_000 });
const nowhere = 'zzqxanalytics';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('search analytics', () => {
  it('a customer searches, opens the second result and searches for nothing that exists', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, baseUrl, demoAccounts.customer, '/resources');
    await page.getByRole('searchbox', { name: 'Search documents' }).pressSequentially('maintenance', { delay: 30 });
    await page.waitForURL(/[?&]q=maintenance/);
    const cards = page.getByTestId('result-card');
    await poll(() => cards.count()).toBeGreaterThan(1);
    await cards.nth(1).getByRole('button', { name: /^Open / }).click();
    await page.getByTestId('document-viewer').waitFor();
    await page.goto(`${baseUrl}/resources?q=${nowhere}`);
    await page.getByTestId('resources-empty').waitFor();
    await page.close();
  });

  it('the publisher sees it on the dashboard within 60 s, with the reason and the query’s detail', async () => {
    const page = await (await newContext(browser, { bypassCSP: true })).newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, baseUrl, demoAccounts.publisher, '/admin/search-analytics');
    const missing = page.getByRole('table', { name: /^Queries searched most often without a result/ });
    await poll(async () => {
      await page.reload();
      await page.getByRole('region', { name: 'Searches' }).waitFor();
      return missing.getByRole('row', { name: new RegExp(nowhere) }).count();
    }).toBe(1);
    const row = missing.getByRole('row', { name: new RegExp(nowhere) });
    // Nothing exists: 1, hidden by access: 0, other language: 0.
    expect((await row.getByRole('cell').allTextContents()).slice(2, 5)).toEqual(['1', '0', '0']);
    const top = page.getByRole('table', { name: /^Most searched queries/ });
    await top.getByRole('button', { name: 'Show details of the query maintenance' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'search-analytics-1280');

    await top.getByRole('button', { name: 'Show details of the query maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Query: maintenance' });
    await dialog.getByRole('rowheader', { name: 'maintenance' }).waitFor();
    expect(await dialog.getByRole('row').count()).toBeGreaterThan(2);
    await screenshot(page, 'search-analytics-query-detail');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('region', { name: 'Searches' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'search-analytics-390');
    await page.close();
  });
});
