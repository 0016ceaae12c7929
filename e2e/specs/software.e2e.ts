import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy, listedFiles, overflowsSideways, sha256, shownChecksum, zipEntries } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await context.newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/software');
});
afterAll(async () => {
  await browser?.close();
});

const card = (name: string) => page.getByTestId('software-card').filter({ has: page.getByRole('link', { name }) });
const version = (number: string) => page.locator(`[data-testid="software-version"][data-version="${number}"]`);
const fileRow = (fileName: string) => page.locator(`tr[data-file-name="${fileName}"]`);

describe('software pages', () => {
  it('lists the software a customer may see, with latest version and date, searchable and filtered by category', async () => {
    await expect.poll(() => page.getByTestId('software-card').count(), { timeout: 15_000 }).toBe(5);
    // The partners-only item stays hidden; the beta firmware is not the "latest" a customer sees.
    expect(await page.getByText('Service diagnostics (partners)').count()).toBe(0);
    expect(await card('Controller C7 firmware').getByTestId('latest-version').textContent()).toBe('Latest: 3.6.1 · Jun 2, 2025');
    await screenshot(page, 'software-list');

    await page.getByTestId('category-filter').getByText('PC tools (2)').click();
    await page.waitForURL(/category=pc-tool/);
    await expect.poll(() => page.getByTestId('software-card').count(), { timeout: 15_000 }).toBe(2);

    await page.getByRole('searchbox', { name: 'Search software' }).fill('gripper');
    await page.waitForURL(/q=gripper/);
    await expect.poll(() => page.getByTestId('software-card').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('software-count').textContent()).toBe('1 software item');
    await screenshot(page, 'software-list-filtered');

    await page.getByRole('searchbox', { name: 'Search software' }).fill('no such thing');
    await page.getByTestId('empty-state').waitFor();
    await screenshot(page, 'software-list-empty');
    await page.goto(`${baseUrl}/software`);
    await expect.poll(() => page.getByTestId('software-card').count(), { timeout: 15_000 }).toBe(5);
  });

  it('opens an item: versions newest first with status, files, sizes and checksums', async () => {
    await page.getByRole('link', { name: 'Controller C7 firmware' }).click();
    await page.waitForURL(`${baseUrl}/software/CTRL7`);
    await page.getByTestId('software-versions').waitFor();
    const versions = await page.getByTestId('software-version').evaluateAll((items) => items.map((item) => item.getAttribute('data-version')));
    expect(versions).toEqual(['3.6.1', '3.5.0', '3.4.2']);
    expect(await version('3.6.1').locator('[data-status]').first().textContent()).toBe('Current');
    expect((await listedFiles(version('3.6.1').getByTestId('file-table'))).sort()).toEqual(['c7-firmware-3.6.1-installation.txt', 'c7-firmware-3.6.1.bin']);
    await screenshot(page, 'software-item');
  });

  it('downloads one file whose sha256 is the one shown and copied from the page', async () => {
    const row = fileRow('c7-firmware-3.6.1.bin');
    const shown = await shownChecksum(row);
    await row.getByRole('button', { name: 'Copy the SHA-256 checksum of c7-firmware-3.6.1.bin' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await row.getByRole('button', { name: 'Checksum copied' }).waitFor();

    const file = await downloadBy(page, row.getByRole('button', { name: 'Download c7-firmware-3.6.1.bin' }));
    expect(file.fileName).toBe('c7-firmware-3.6.1.bin');
    expect(file.bytes.length).toBe(2400 * 1024);
    expect(sha256(file.bytes)).toBe(shown);
    await screenshot(page, 'software-file-downloaded');
  });

  it('downloads a whole version as a zip holding every listed file, byte for byte', async () => {
    const names = await listedFiles(version('3.6.1').getByTestId('file-table'));
    const checksums = await Promise.all(names.map((name) => shownChecksum(fileRow(name))));
    const zip = await downloadBy(page, version('3.6.1').getByRole('button', { name: 'Download all (zip)' }));
    expect(zip.fileName).toBe('CTRL7-3.6.1.zip');
    const entries = zipEntries(zip.bytes);
    expect(entries.map((entry) => entry.name.split('/').pop())).toEqual(names);
    expect(entries.map((entry) => sha256(entry.data))).toEqual(checksums);
  });

  it('downloads a file of an older version, to be marked as outdated in the history', async () => {
    const file = await downloadBy(page, fileRow('c7-firmware-3.5.0-installation.txt').getByRole('button', { name: /^Download / }));
    expect(sha256(file.bytes)).toBe(await shownChecksum(fileRow('c7-firmware-3.5.0-installation.txt')));
  });

  it("opens a version's release notes in the document viewer, and closing returns to the item", async () => {
    await version('3.6.1').getByTestId('release-notes-link').click();
    await page.waitForURL(new RegExp(`${baseUrl}/software/CTRL7/[^/]+\\.pdf$`));
    const viewer = page.getByTestId('document-viewer');
    await viewer.waitFor();
    expect(await viewer.getByRole('heading').first().textContent()).toMatch(/3\.6\.1/);
    await viewer.locator('canvas').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'software-release-notes');
    await viewer.getByRole('button', { name: 'Close the viewer' }).click();
    await page.waitForURL(`${baseUrl}/software/CTRL7`);
    await page.getByTestId('document-viewer').waitFor({ state: 'detached' });
    await page.getByTestId('software-versions').waitFor();
  });

  it('shows the software downloads in the history, newest first, with the outdated one marked', async () => {
    await page.goto(`${baseUrl}/cadFiles/downloadshistory?kind=software`);
    const rows = page.getByTestId('history-row');
    await rows.first().waitFor();
    const files = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-file-name')));
    expect(files.slice(0, 3)).toEqual(['c7-firmware-3.5.0-installation.txt', 'CTRL7-3.6.1.zip', 'c7-firmware-3.6.1.bin']);
    expect(await rows.nth(0).getByTestId('newer-version').textContent()).toBe('Newer version available (v3.6.1)');
    expect(await rows.nth(1).getByTestId('newer-version').count()).toBe(0);
    await screenshot(page, 'software-history');

    // Downloaded again from the history: the same bytes.
    const again = await downloadBy(page, rows.nth(2).getByTestId('redownload'));
    expect(again.fileName).toBe('c7-firmware-3.6.1.bin');
    expect(again.bytes.length).toBe(2400 * 1024);
  });

  it('favourites a software item and finds it on the Favourites page', async () => {
    await page.goto(`${baseUrl}/software/ArmSuite`);
    const star = page.getByRole('button', { name: 'Add to favourites' });
    await star.click();
    await page.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Favourites' }).click();
    await page.waitForURL(`${baseUrl}/favorites`);
    const link = page.getByRole('link', { name: 'ArmSuite programming tool' });
    await link.waitFor();
    await screenshot(page, 'software-favourite');
    await link.click();
    await page.waitForURL(`${baseUrl}/software/ArmSuite`);
  });

  it('fits a phone screen: list and item without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/software`);
    await page.getByTestId('software-card').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'software-list-phone');
    await page.goto(`${baseUrl}/software/CTRL7`);
    await page.getByTestId('software-versions').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'software-item-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
