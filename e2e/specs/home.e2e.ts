import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/');
});
afterAll(async () => {
  await browser?.close();
});

const published = () => page.getByTestId('home-recently-published').getByTestId('home-document');

describe('home page', () => {
  it('shows recently published documents, quick links, favourites and recently opened', async () => {
    await poll(() => published().count()).toBe(8);
    const links = page.getByTestId('home-quick-links').getByRole('link');
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(['/software', '/cadFiles', '/units']);
    // Favourites are the account's (other specs may have starred something); the section lists them or says how to add some.
    const favorites = page.getByTestId('home-favorites');
    // Besides "All favourites", a link per favourite (documents, software, CAD) or the hint to add some.
    await poll(async () => (await favorites.getByRole('link').count()) > 1 || (await favorites.textContent())!.includes('Use the star on a document to find it here.')).toBe(true);
    expect(await favorites.getByRole('link', { name: 'All favourites' }).getAttribute('href')).toBe('/favorites');
    expect(await page.getByTestId('home-recently-opened').textContent()).toContain('The documents you open will appear here.');
    await screenshot(page, 'home');
  });

  it('lists a document under recently opened once the viewer has shown it', async () => {
    const first = published().first();
    const documentId = await first.getAttribute('data-document-id');
    await first.getByRole('button').click();
    await page.getByTestId('document-viewer').waitFor();
    await page.getByRole('button', { name: 'Close the viewer' }).click();
    await page.getByTestId('document-viewer').waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('home-recently-opened').getByTestId('home-document').first().getAttribute('data-document-id')).toBe(documentId);
    await screenshot(page, 'home-recently-opened');
  });

  it('searches from the home page into the resources page', async () => {
    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('gearboxes');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`${baseUrl}/resources?q=gearboxes`);
    await page.getByTestId('result-card').first().waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search documents' }).inputValue()).toBe('gearboxes');
  });

  it('goes to the software and CAD pages through the quick links', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-quick-links').getByRole('link', { name: /^Software/ }).click();
    await page.waitForURL(`${baseUrl}/software`);
    await page.goBack();
    await page.getByTestId('home-quick-links').getByRole('link', { name: /^CAD files/ }).click();
    await page.waitForURL(/\/cadFiles/);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/`);
    await published().first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'home-phone');
  });
});
