import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { readZip, type ZipEntry } from '../../apps/api/src/platform/delivery/zip-reader.ts';

export interface Downloaded {
  fileName: string;
  bytes: Buffer;
}

/** Clicks `trigger` and returns what the browser saved (the Playwright download event). */
export async function downloadBy(page: Page, trigger: Locator): Promise<Downloaded> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), bytes: await readFile(path) };
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every entry of a zip, each checked against its CRC-32 and size by the reader. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  return readZip(bytes);
}

/** The SHA-256 a file row shows (its full value sits in the shortened checksum's data attribute). */
export async function shownChecksum(row: Locator): Promise<string> {
  const value = await row.getByTestId('checksum').getAttribute('data-sha256');
  if (!value) throw new Error('no checksum shown in this row');
  return value;
}

/** File name → SHA-256 of every row of a file table, read in one pass. */
export async function shownChecksums(table: Locator): Promise<Map<string, string>> {
  const rows = await table.locator('tbody tr').evaluateAll((items) =>
    items.map((row) => [row.getAttribute('data-file-name') ?? '', row.querySelector('[data-sha256]')?.getAttribute('data-sha256') ?? ''] as const),
  );
  return new Map(rows);
}

/** The file names listed in a file table, in order. */
export async function listedFiles(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-file-name') ?? ''));
}

/** Whether the page is wider than its viewport (something forces sideways scrolling). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
