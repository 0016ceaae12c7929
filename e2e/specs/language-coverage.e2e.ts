import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy, overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * The language coverage report (issue 31, item 5): the publisher sees, per document type, which products have a
 * current document in each language; the demo's German ARM-6 manual follows English revision A and is behind.
 * Filtered by market, downloaded as CSV, and readable on a phone (the tables scroll sideways, the page does not).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('language coverage', () => {
  it('the publisher sees current, behind and missing languages, filters by market and downloads the CSV', async () => {
    const page = await (await newContext(browser, { bypassCSP: true, acceptDownloads: true })).newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, baseUrl, demoAccounts.publisher, '/admin/language-coverage');
    const manuals = page.getByRole('table', { name: 'Manual' });
    const arm = manuals.getByRole('row', { name: /ARM6/ });
    await arm.waitFor();
    const headers = await manuals.getByRole('columnheader').allTextContents();
    const german = headers.indexOf('German') - 1;
    const cells = await arm.getByRole('cell').allTextContents();
    expect(cells[german]).toMatch(/^Behind by \d+$/);
    expect(cells[headers.indexOf('English') - 1]).toBe('Current');
    // The quick start (also a manual) is current in German, which does not hide the manual behind its source.
    expect(cells[headers.indexOf('French') - 1]).toBe('Current');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'language-coverage-1280');

    await page.getByRole('combobox', { name: 'Market' }).click();
    await page.getByRole('option', { name: /^Europe/ }).click();
    await page.waitForURL(/market=europe/);
    const csv = await downloadBy(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(csv.fileName).toBe('language-coverage-europe.csv');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('product,product name,document type,document type name,en,de,fr');
    expect(lines.find((line) => line.startsWith('ARM6,') && line.includes(',manual,'))).toMatch(/,current,behind \d+,current$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await manuals.getByRole('row', { name: /ARM6/ }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'language-coverage-390');
    await page.close();
  });
});
