import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy, overflowsSideways, zipEntries, type Downloaded } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * The machine-readable handover end to end: the customer exports a demo unit of its account from the unit page as a
 * VDI 2770 documentation container and as an AASX; a publisher takes that AASX into another product through the
 * console's import and finds its documents as drafts. The unit is one no other end-to-end file uses.
 */

const baseUrl = inject('baseUrl');
const serial = 'CTRL7-2025-00310';
const target = { code: 'GRIP20', name: 'Servo gripper G20' };
const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

let browser: Browser;
let customer: Page;
let publisher: Page;
let aasx: Downloaded;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await (await newContext(browser, { viewport: desktop })).newPage();
  publisher = await (await newContext(browser, { viewport: desktop })).newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's own API call with its signed-in user's token (what the console itself asks). */
async function apiAs<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = (JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string }).accessToken ?? '';
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }, path);
}

/** Waits for the export menu to have finished opening (its fade), for a screenshot. */
async function menuShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const menu = document.querySelector('[role="menu"]');
    return menu !== null && getComputedStyle(menu).opacity === '1';
  });
}

/** Opens the unit page's export menu and saves the format chosen. */
async function exportAs(page: Page, format: 'vdi2770' | 'aasx'): Promise<Downloaded> {
  const button = page.getByTestId(`unit-export-${serial}`);
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  return downloadBy(page, page.getByTestId(`unit-export-${format}`));
}

describe('handover', () => {
  it('lets the customer download the VDI 2770 container and the AASX of a unit from its page', async () => {
    await signIn(customer, baseUrl, demoAccounts.customer);
    await customer.goto(`${baseUrl}/units/${serial}`);
    await customer.getByTestId('unit-page').waitFor();

    await customer.getByTestId(`unit-export-${serial}`).click();
    await customer.getByTestId('unit-export-aasx').waitFor();
    expect(await customer.getByRole('menu').textContent()).toContain('VDI 2770 documentation container');
    await menuShown(customer);
    await screenshot(customer, 'handover-export-menu-1280');
    await customer.keyboard.press('Escape');

    const vdi2770 = await exportAs(customer, 'vdi2770');
    expect(vdi2770.fileName).toBe(`${serial}-vdi2770-en.zip`);
    expect(vdi2770.bytes.subarray(0, 4)).toEqual(zipSignature);
    const entries = zipEntries(vdi2770.bytes);
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['VDI2770_Main.pdf', 'VDI2770_Main.xml', 'report.txt']));
    const containers = entries.filter((entry) => entry.name.endsWith('.zip'));
    expect(containers.length).toBeGreaterThan(0);
    for (const container of containers) {
      expect(container.data.subarray(0, 4), container.name).toEqual(zipSignature);
      expect(zipEntries(container.data).map((entry) => entry.name), container.name).toContain('VDI2770_Metadata.xml');
    }
    expect(entries.find((entry) => entry.name === 'report.txt')?.data.toString('utf8')).toContain('Every document is in the container as PDF/A');

    aasx = await exportAs(customer, 'aasx');
    expect(aasx.fileName).toBe(`${serial}-en.aasx`);
    expect(aasx.bytes.subarray(0, 4)).toEqual(zipSignature);
    expect(zipEntries(aasx.bytes).map((entry) => entry.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'aasx/aasx-origin', 'aasx/environment.json']));
    expect(documentFiles(aasx).length).toBe(containers.length);
  });

  it('fits the export menu on a phone', async () => {
    await customer.setViewportSize(phone);
    await customer.getByTestId(`unit-export-${serial}`).scrollIntoViewIfNeeded();
    await customer.getByTestId(`unit-export-${serial}`).click();
    await customer.getByTestId('unit-export-vdi2770').waitFor();
    await menuShown(customer);
    expect(await overflowsSideways(customer)).toBe(false);
    await screenshot(customer, 'handover-export-menu-390');
    await customer.keyboard.press('Escape');
  });

  it('offers the publisher both exports in the console\'s unit list', async () => {
    await signIn(publisher, baseUrl, demoAccounts.publisher, '/admin/units');
    const button = publisher.getByRole('button', { name: `Export the documentation of unit ${serial}` });
    await button.click();
    await menuShown(publisher);
    await screenshot(publisher, 'handover-console-export-1280');
    const vdi2770 = await downloadBy(publisher, publisher.getByTestId('unit-export-vdi2770'));
    expect(vdi2770.fileName).toBe(`${serial}-vdi2770-en.zip`);
    expect(zipEntries(vdi2770.bytes).map((entry) => entry.name)).toContain('VDI2770_Main.xml');

    await publisher.setViewportSize(phone);
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await menuShown(publisher);
    await screenshot(publisher, 'handover-console-export-390');
    await publisher.keyboard.press('Escape');
    await publisher.setViewportSize(desktop);
  });

  it('lets a publisher import that AASX into another product and find its documents as drafts', async () => {
    // The product list loads after the page: wait for it before opening the select.
    const products = publisher.waitForResponse((response) => new URL(response.url()).pathname === '/api/Admin/products' && response.ok());
    await publisher.goto(`${baseUrl}/admin/handover`);
    await products;
    const product = publisher.getByRole('combobox', { name: 'Product', exact: true });
    await product.click();
    await product.fill(target.code);
    await publisher.getByRole('option', { name: `${target.name} (${target.code})` }).click();
    await expect.poll(() => product.inputValue()).toContain(target.name);
    await publisher.locator('input[type="file"]').setInputFiles({ name: aasx.fileName, mimeType: 'application/aas+zip', buffer: aasx.bytes });
    await publisher.getByRole('button', { name: 'Import as drafts' }).click();

    const report = publisher.getByRole('alert').filter({ hasText: 'Import report' });
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).toMatch(new RegExp(`\\d+ document versions taken into ${target.code} as drafts, 0 refused`));
    const takenTable = publisher.locator('table').filter({ has: publisher.getByRole('columnheader', { name: 'Draft' }) });
    const drafts = await takenTable.locator('tbody tr td:last-child').allTextContents();
    expect(drafts.length).toBe(documentFiles(aasx).length);
    await report.scrollIntoViewIfNeeded();
    await screenshot(publisher, 'handover-import-report-1280');

    for (const id of drafts) {
      const document = await apiAs<{ status: string; products: string[]; title: string }>(publisher, `/api/Admin/documents/${encodeURIComponent(id.trim())}`);
      expect(document.status, document.title).toBe('unpublished');
      expect(document.products).toEqual([target.code]);
    }
  });
});

/** The document files an AASX carries (its thumbnails aside). */
function documentFiles(downloaded: Downloaded): string[] {
  return zipEntries(downloaded.bytes)
    .map((entry) => entry.name)
    .filter((name) => name.startsWith('aasx/files/') && !/\/thumbnail-[^/]*$/.test(name));
}
