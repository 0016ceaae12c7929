import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy, listedFiles, overflowsSideways, sha256, shownChecksum, shownChecksums, zipEntries } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.partner, '/cadFiles');
});
afterAll(async () => {
  await browser?.close();
});

const choose = async (name: string | RegExp) => {
  await page.getByRole('radio', { name }).click();
};

describe('CAD files', () => {
  it('opens on the robot configurator tab and steps through family, model and options', async () => {
    await page.waitForURL(`${baseUrl}/cadFiles/robotConfigurator`);
    expect(await page.getByRole('tab', { name: 'Robot configurator' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('radio', { name: /Six-axis articulated robots/ }).waitFor();
    await screenshot(page, 'cad-configurator-family');

    await choose(/Six-axis articulated robots/);
    await choose(/Six-axis robot ARM-6/);
    await choose(/^Wall/);
    // The wall bracket refuses the long arm: shown before the API is asked.
    const longArm = page.getByRole('radio', { name: /1200 mm/ });
    expect(await longArm.isDisabled()).toBe(true);
    expect(await longArm.textContent()).toContain('Not available with Wall: the 1200 mm arm exceeds the load rating of the wall bracket.');
    await screenshot(page, 'cad-configurator-excluded-option');
    await choose(/900 mm/);
    await choose(/ISO 9409-1-50-4-M6/);
    await page.getByTestId('configuration-results').waitFor();
    expect(new URL(page.url()).searchParams.get('options')).toBe('wall,arm-900,flange-iso50');
    await screenshot(page, 'cad-configurator-results');
  });

  it('downloads one file of a picked format, with the checksum shown', async () => {
    await choose(/^IGES/);
    await page.waitForURL(/format=iges/);
    const table = page.getByTestId('configuration-results').getByTestId('file-table');
    // The table follows the picked format once the new rows are drawn.
    await expect.poll(async () => (await listedFiles(table))[0]).toMatch(/\.igs$/);
    const [first] = await listedFiles(table);
    const row = table.locator(`tr[data-file-name="${first}"]`);
    const file = await downloadBy(page, row.getByTestId('download-file'));
    expect(file.fileName).toBe(first);
    expect(sha256(file.bytes)).toBe(await shownChecksum(row));
  });

  it('downloads the whole configured set as a zip: one folder per format, every file as listed', async () => {
    const results = page.getByTestId('configuration-results');
    const expected = new Map<string, string>();
    for (const format of ['step', 'iges', 'solidworks', 'inventor', 'eplan']) {
      const card = page.locator(`[data-format="${format}"]`);
      if ((await card.count()) === 0) continue;
      await card.click();
      await page.waitForURL(new RegExp(`format=${format}`));
      await expect.poll(() => card.getAttribute('aria-checked')).toBe('true');
      for (const [name, checksum] of await shownChecksums(results.getByTestId('file-table'))) expected.set(`${format}/${name}`, checksum);
    }
    expect(expected.size).toBeGreaterThan(4);

    const zip = await downloadBy(page, page.getByTestId('download-cad-set'));
    expect(zip.fileName).toBe('ARM6-wall-arm-900-flange-iso50.zip');
    const entries = zipEntries(zip.bytes);
    expect(new Map(entries.map((entry) => [entry.name, sha256(entry.data)]))).toEqual(expected);
  });

  it('favourites the configured robot model and finds it on the Favourites page', async () => {
    await page.getByTestId('configuration-results').getByRole('button', { name: 'Add this robot model to favourites' }).click();
    await page.getByTestId('configuration-results').getByRole('button', { name: 'Remove this robot model from favourites' }).waitFor();
    await page.goto(`${baseUrl}/favorites`);
    await page.getByRole('link', { name: 'Six-axis robot ARM-6' }).click();
    await page.waitForURL(`${baseUrl}/cadFiles/robotConfigurator?model=ARM6`);
    await page.getByRole('radio', { name: /^Floor/ }).waitFor();
  });

  it('favourites a configured CAD set, reopens the configurator from the Favourites page with it, and removes it', async () => {
    await page.goto(`${baseUrl}/cadFiles/robotConfigurator?model=ARM6&options=wall,arm-900,flange-iso50`);
    const results = page.getByTestId('configuration-results');
    await results.getByRole('button', { name: 'Add this CAD set to favourites' }).click();
    await results.getByRole('button', { name: 'Remove this CAD set from favourites' }).waitFor();
    await screenshot(page, 'cad-configurator-set-favourite');

    await page.goto(`${baseUrl}/favorites`);
    const card = page.locator('[data-testid="favorite-item"][data-item-id="set:ARM6:wall,arm-900,flange-iso50"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('CAD set');
    await screenshot(page, 'favorites-cad-set');
    await card.getByRole('link').click();
    await page.waitForURL(/\/cadFiles\/robotConfigurator\?model=ARM6&options=wall%2Carm-900%2Cflange-iso50$/);
    await expect.poll(() => page.getByTestId('configuration-results').getAttribute('data-configuration-id')).toBe('ARM6/wall,arm-900,flange-iso50');

    await page.getByTestId('configuration-results').getByRole('button', { name: 'Remove this CAD set from favourites' }).click();
    await page.getByTestId('configuration-results').getByRole('button', { name: 'Add this CAD set to favourites' }).waitFor();
    await page.goto(`${baseUrl}/favorites`);
    await page.getByRole('link', { name: 'Six-axis robot ARM-6' }).first().waitFor();
    expect(await card.count()).toBe(0);
    await page.goto(`${baseUrl}/cadFiles/robotConfigurator`);
  });

  it('lists partner libraries per CAD tool and downloads a library version as a zip', async () => {
    await page.getByRole('tab', { name: 'Partner libraries' }).click();
    await page.waitForURL(`${baseUrl}/cadFiles/partnersLibraries`);
    const tools = page.locator('section[data-tool]');
    await tools.first().waitFor();
    expect(await tools.evaluateAll((items) => items.map((item) => item.getAttribute('data-tool')))).toEqual(
      expect.arrayContaining(['SOLIDWORKS', 'Autodesk Inventor', 'EPLAN Electric P8']),
    );
    await screenshot(page, 'cad-partner-libraries');

    const library = page.getByTestId('partner-library').filter({ hasText: 'Robots for Autodesk Inventor' });
    const newest = library.locator('[data-version="1.1"]');
    const checksums = await shownChecksums(newest.getByTestId('file-table'));
    expect(checksums.size).toBeGreaterThan(0);
    const zip = await downloadBy(page, newest.getByTestId('download-library'));
    expect(zip.fileName).toBe('Robots_for_Autodesk_Inventor-1.1.zip');
    const entries = zipEntries(zip.bytes);
    expect(new Map(entries.map((entry) => [entry.name.split('/').pop(), sha256(entry.data)]))).toEqual(checksums);
  });

  it('shows every download in the history, newest first, and downloads one again', async () => {
    await page.getByRole('tab', { name: 'Download history' }).click();
    await page.waitForURL(`${baseUrl}/cadFiles/downloadshistory`);
    const rows = page.getByTestId('history-row');
    await rows.first().waitFor();
    const files = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-file-name')));
    expect(files[0]).toBe('Robots_for_Autodesk_Inventor-1.1.zip');
    expect(files[1]).toBe('ARM6-wall-arm-900-flange-iso50.zip');
    expect(files[2]).toMatch(/\.igs$/);
    // Option labels, not codes; the link reopens the configurator with the set's options.
    const setLink = rows.nth(1).getByRole('link');
    expect(await setLink.textContent()).toBe('Six-axis robot ARM-6 (Wall, 900 mm, ISO 9409-1-50-4-M6)');
    expect(new URL(await setLink.evaluate((link) => (link as HTMLAnchorElement).href)).searchParams.get('options')).toBe('wall,arm-900,flange-iso50');
    await screenshot(page, 'cad-download-history');

    await page.getByTestId('history-kind').getByText('Software').click();
    await page.waitForURL(/kind=software/);
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('history-kind').getByText('CAD files').click();
    await page.waitForURL(/kind=cad/);
    await expect.poll(() => rows.count()).toBe(3);

    const again = await downloadBy(page, rows.nth(2).getByTestId('redownload'));
    expect(again.fileName).toBe(files[2]);
  });

  it('fits a phone screen: the configurator stacks its steps, tables scroll inside their frame', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/cadFiles/robotConfigurator?model=ARM6&options=floor,arm-1200,flange-iso63`);
    await page.getByTestId('configuration-results').getByTestId('file-table').waitFor();
    expect(await page.getByTestId('configurator').getAttribute('data-layout')).toBe('vertical');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'cad-configurator-phone');
    await page.goto(`${baseUrl}/cadFiles/downloadshistory`);
    await page.getByTestId('history-row').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'cad-download-history-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
