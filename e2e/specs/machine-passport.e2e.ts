import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy, sha256, zipEntries } from '../support/downloads.ts';
import { demoAccounts, submitSignInForm } from '../support/sign-in.ts';

/*
 * The machine passport (issue 15) end to end: the identification link on a demo unit, its page,
 * the offline package opened from disk without a network, who gets the not-found page, the notice
 * banner and the label's QR code. Demo units: apps/api/src/demo/units-demo-data.ts.
 */

const baseUrl = inject('baseUrl');
/** Owned by the demo customer (ACME-001), served by the demo partner, inside the notice's serial range. */
const serial = 'ARM6-2025-00017';
/** Same customer, no partner, inside the notice's range. */
const unservedSerial = 'ARM6-2025-00042';
/** Same customer, shipped in 2026: outside the notice's range. */
const outOfRangeSerial = 'ARM6-2026-00003';
/** Another customer account's unit. */
const otherAccountSerial = 'ARM12-2025-00005';

let browser: Browser;
let page: Page;
let unpacked: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

async function accessToken(target: Page): Promise<string> {
  return target.evaluate(() => (JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string }).accessToken ?? '');
}

/** Opens an identification link as a signed-in user and waits for the unit page or the not-found page. */
async function openIdentificationLink(target: Page, unitSerial: string): Promise<'unit' | 'not-found'> {
  await target.goto(`${baseUrl}/id/${unitSerial}`);
  await target.locator('[data-testid="unit-page"], [data-testid="not-found"]').first().waitFor({ timeout: 20_000 });
  return (await target.getByTestId('unit-page').count()) > 0 ? 'unit' : 'not-found';
}

describe('machine passport', () => {
  it('leads a signed-out customer from the identification link through sign-in to the unit page with its documents', async () => {
    await page.goto(`${baseUrl}/id/${serial}`);
    // First the public view: the serial scanned and its model, nothing of its owner or documents.
    await page.waitForURL(`${baseUrl}/units/${serial}/public`);
    await page.getByTestId('public-unit-model').waitFor();
    expect(await page.getByTestId('public-unit-serial').textContent()).toBe(serial);
    expect(await page.getByTestId('public-unit').textContent()).not.toContain('ACME');
    await page.getByTestId('public-unit-sign-in').click();
    await submitSignInForm(page, demoAccounts.customer);
    await page.waitForURL(`${baseUrl}/units/${serial}`, { timeout: 20_000 });
    await page.getByTestId('unit-page').waitFor();

    const own = await page.getByTestId('unit-own-documents').textContent();
    expect(own).toContain(`Test certificate ${serial}`);
    expect(own).toContain(`As-built wiring diagram ${serial}`);

    // The model's manual, in its current version and the older one that was valid when the unit shipped.
    const documents = page.getByTestId('unit-documents');
    expect(await documents.getByTestId('unit-document').count()).toBeGreaterThan(0);
    const atShipment = documents.getByTestId('unit-document-at-shipment');
    expect(await atShipment.count()).toBeGreaterThan(0);
    const manual = documents.getByTestId('unit-document').filter({ has: page.getByTestId('unit-document-at-shipment') }).first();
    // The card's first version label is the current version's badge; the link after it names the version at shipment.
    const currentVersion = await manual.getByText(/^Version [A-Z]+$/).first().textContent();
    const shippedVersion = await manual.getByTestId('unit-document-at-shipment').textContent();
    expect(shippedVersion).toMatch(/^Version [A-Z]+$/);
    expect(shippedVersion).not.toBe(currentVersion);
    expect(await page.getByTestId('unit-identification-link').textContent()).toBe(`${baseUrl}/id/${serial}`);
    await screenshot(page, 'machine-passport-unit-page');
  });

  it('downloads the offline package, whose index.html opens a document from disk with the network off', async () => {
    const zip = await downloadBy(page, page.getByTestId('unit-package-download'));
    expect(zip.fileName).toBe(`${serial}-documentation-en.zip`);
    const entries = zipEntries(zip.bytes);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const manifest = JSON.parse(byName.get('manifest.json')?.data.toString('utf8') ?? '{}') as { serialNumber: string; files: Array<{ path: string; sha256: string; atShipment?: boolean }> };
    expect(manifest.serialNumber).toBe(serial);
    expect(manifest.files.length).toBeGreaterThan(2);
    for (const file of manifest.files) expect(sha256(byName.get(file.path)?.data ?? Buffer.alloc(0)), file.path).toBe(file.sha256);

    unpacked = mkdtempSync(join(tmpdir(), 'passport-package-'));
    for (const entry of entries) {
      const target = join(unpacked, entry.name);
      expect(target.startsWith(unpacked)).toBe(true);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, entry.data);
    }

    const offline = await newContext(browser);
    try {
      await offline.setOffline(true);
      const index = await offline.newPage();
      await index.goto(pathToFileURL(join(unpacked, 'index.html')).href);
      await index.getByRole('heading', { level: 1 }).filter({ hasText: serial }).waitFor();
      await screenshot(index, 'machine-passport-package-index');

      const certificate = index.getByRole('link', { name: `Test certificate ${serial}` });
      const href = await certificate.getAttribute('href');
      expect(href).toBeTruthy();
      const expected = new URL(href!, index.url());
      const file = manifest.files.find((item) => pathToFileURL(join(unpacked!, item.path)).href === expected.href);
      expect(file, `index.html links ${href} which the manifest lists`).toBeDefined();
      // Chromium shows a PDF or saves it: either way the file behind the link must be read from disk, unchanged.
      const opened = await Promise.race([
        index.waitForEvent('download').then(async (download) => sha256(await readFile(await download.path()))),
        index.waitForURL(expected.href).then(() => 'navigated'),
        certificate.click().then(() => new Promise<never>(() => undefined)),
      ]);
      if (opened === 'navigated') {
        const failed = await index.evaluate(() => document.title.toLowerCase().includes('not found') || document.body?.innerText.includes('ERR_'));
        expect(failed).toBe(false);
      } else {
        expect(opened).toBe(file!.sha256);
      }
    } finally {
      await offline.close();
    }
  });

  it('answers the not-found page to a partner not serving the unit and to another account', async () => {
    // The customer's own units: another account's serial is not found.
    expect(await openIdentificationLink(page, otherAccountSerial)).toBe('not-found');
    await screenshot(page, 'machine-passport-not-found');

    const partner = await (await newContext(browser)).newPage();
    try {
      await partner.goto(`${baseUrl}/id/${serial}`);
      await partner.getByTestId('public-unit-sign-in').click();
      await submitSignInForm(partner, demoAccounts.partner);
      await partner.waitForURL(`${baseUrl}/units/${serial}`, { timeout: 20_000 });
      await partner.locator('[data-testid="unit-page"], [data-testid="not-found"]').first().waitFor({ timeout: 20_000 });
      // The partner serves this unit, so the page shows; the customer's other unit is not theirs to see.
      expect(await partner.getByTestId('unit-page').count()).toBe(1);
      expect(await openIdentificationLink(partner, unservedSerial)).toBe('not-found');
      expect(await openIdentificationLink(partner, otherAccountSerial)).toBe('not-found');
    } finally {
      await partner.context().close();
    }
  });

  it('shows the safety notice on units in its serial range only', async () => {
    for (const inRange of [serial, unservedSerial]) {
      expect(await openIdentificationLink(page, inRange)).toBe('unit');
      await page.getByTestId('unit-notice').waitFor();
      expect(await page.getByTestId('unit-notice').textContent()).toContain('Check the axis 2 brake');
    }
    await screenshot(page, 'machine-passport-notice');
    expect(await openIdentificationLink(page, outOfRangeSerial)).toBe('unit');
    expect(await page.getByTestId('unit-notice').count()).toBe(0);
  });

  it('prints a label whose QR code decodes to the identification link', async () => {
    const response = await fetch(`${baseUrl}/api/Units/${serial}/label.png`, { headers: { Authorization: `Bearer ${await accessToken(page)}` } });
    expect(response.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toBe(`${baseUrl}/id/${serial}`);
  });
});
