import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.partner, '/favorites');
});
afterAll(async () => {
  await browser?.close();
});

const favoriteItems = () => page.getByTestId('favorite-item');

describe('favourites', () => {
  it('removes every favourite the account has (other specs may have added some) down to the empty state', async () => {
    await page.getByTestId('favorites-list').waitFor();
    await poll(async () => (await page.getByTestId('favorites-empty').count()) + (await favoriteItems().count())).toBeGreaterThan(0);
    while ((await favoriteItems().count()) > 0) {
      const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/Favorites/'));
      await favoriteItems().first().getByTestId('remove-favorite').click();
      await removed;
    }
    await page.getByTestId('favorites-empty').waitFor();
    await page.reload();
    await page.getByTestId('favorites-empty').waitFor();
    await screenshot(page, 'favorites-empty');
  });

  it('stars a result, lists it on the favourites page, keeps it across a reload, and removes it', async () => {
    await page.goto(`${baseUrl}/resources?q=calibration`);
    const card = page.getByTestId('result-card').first();
    await card.waitFor();
    const documentId = await card.getAttribute('data-document-id');
    const title = await card.locator('h3').textContent();
    const saved = page.waitForResponse((response) => response.url().includes(`/api/Favorites/document/${documentId}`) && response.ok());
    await card.getByRole('button', { name: 'Add to favourites' }).click();
    await poll(() => card.getByTestId('favorite-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(await card.getByTestId('favorite-toggle').getAttribute('aria-label')).toBe('Remove from favourites');
    await saved;
    await screenshot(page, 'favorites-starred-result');

    await page.getByRole('link', { name: 'Favourites' }).first().click();
    await page.waitForURL(`${baseUrl}/favorites`);
    await poll(() => favoriteItems().count()).toBe(1);
    expect(await favoriteItems().first().getAttribute('data-item-id')).toBe(documentId);
    expect(await favoriteItems().first().locator('h3').textContent()).toBe(title);

    await page.reload();
    await poll(() => favoriteItems().count()).toBe(1);
    expect(await favoriteItems().first().locator('h3').textContent()).toBe(title);
    await screenshot(page, 'favorites-list');

    // The star on the result page shows it too after a reload.
    await page.goto(`${baseUrl}/resources?q=calibration`);
    await poll(() => page.locator(`[data-document-id="${documentId}"] [data-testid="favorite-toggle"]`).getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${baseUrl}/favorites`);
    const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/Favorites/'));
    await favoriteItems().first().getByRole('button', { name: `Remove ${title} from favourites` }).click();
    await page.getByTestId('favorites-empty').waitFor();
    await removed;
    await page.reload();
    await page.getByTestId('favorites-empty').waitFor();
    expect(await favoriteItems().count()).toBe(0);
  });
});
