import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext, screenshot, setColorScheme } from '../support/browser.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * Every page of the publishing console as the admin sees it (issue 13 item 1): drawn, free of serious
 * and critical axe-core violations in both themes, no sideways scrolling of the page on a phone.
 * Only reads: the content the other specs rely on stays as it is.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

/** Each page's path and a locator that shows it has drawn its data. */
const consolePages: Array<{ name: string; path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }> = [
  { name: 'documents', path: '/admin/documents', ready: (p) => p.getByRole('button', { name: /^Actions for / }).first() },
  { name: 'imports', path: '/admin/imports', ready: (p) => p.getByRole('button', { name: 'Choose a zip' }) },
  { name: 'units', path: '/admin/units', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'software', path: '/admin/software', ready: (p) => p.getByRole('button', { name: 'New software item' }) },
  { name: 'cad', path: '/admin/cad', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'jobs', path: '/admin/jobs', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'statistics', path: '/admin/statistics', ready: (p) => p.getByRole('button', { name: 'Export CSV' }) },
  { name: 'preview', path: '/admin/preview', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'audit', path: '/admin/audit', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'products', path: '/admin/products', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'handover', path: '/admin/handover', ready: (p) => p.getByRole('row').nth(1) },
  { name: 'paper-requests', path: '/admin/paper-requests', ready: (p) => p.getByTestId('paper-requests-overdue-count') },
];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { bypassCSP: true })).newPage();
  await signIn(page, baseUrl, demoAccounts.admin, '/admin/documents');
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['light', 'dark'] as const)('the console in the %s theme', (scheme) => {
  beforeAll(async () => {
    await setColorScheme(page, scheme);
  });
  afterAll(async () => {
    await setColorScheme(page, 'light');
  });

  for (const consolePage of consolePages) {
    it(`${consolePage.name}: no serious or critical violation`, async () => {
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.goto(`${baseUrl}${consolePage.path}`);
      await consolePage.ready(page).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `console-${scheme}-${consolePage.name}`);
    });
  }
});

describe('the console on a phone (390 px)', () => {
  for (const consolePage of consolePages) {
    it(`${consolePage.name}: no sideways scrolling of the page`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}${consolePage.path}`);
      await consolePage.ready(page).waitFor({ timeout: 30_000 });
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, `console-phone-${consolePage.name}`);
    });
  }
});
