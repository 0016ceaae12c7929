import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { openVisit, visitsByRoute, type PortalVisit } from '../support/portal-pages.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * Issue 31: the reader's language first, everywhere. A German and a French customer, on a wide screen and a phone:
 * the unit page lists the manual in their language first and shows the safety notice in it, the German manual (a
 * translation of English revision A) says in the viewer that it is behind, and no page they can reach shows an ISO date.
 */

const baseUrl = inject('baseUrl');
// A day, optionally with a time: "2026-05-19" or "2026-11-28T08:38:22.002Z".
const isoDate = /\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?/g;
// The specification fixes the maintenance page's next availability as YYYY-MM-DD HH:mm:ss.
const fixedMaintenanceFormat = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g;
const unitPath = '/units/ARM6-2025-00017';
const unitPage: PortalVisit = { name: 'unit', path: unitPath, ready: (p) => p.getByTestId('unit-documents') };
const visits = [...Object.values(visitsByRoute).flat(), unitPage];

const expected = {
  'de-DE': { language: 'DE', notice: 'Achse-2-Bremse an 2025 gebauten ARM-6-Robotern prüfen', behind: 'Diese Übersetzung folgt Revision A' },
  'fr-FR': { language: 'FR', notice: "Contrôler le frein de l'axe 2 des robots ARM-6 construits en 2025", behind: null },
} as const;

/** The ISO dates in the text a person reads (the maintenance page's fixed format and a PDF's own pages left out). */
async function isoDatesShown(page: Page, visit: PortalVisit): Promise<string[]> {
  const text = await page.evaluate(() => {
    const pages = [...document.querySelectorAll<HTMLElement>('[data-testid="pdf-pages"]')].map((element) => [element, element.style.visibility] as const);
    for (const [element] of pages) element.style.visibility = 'hidden';
    try {
      return document.body.innerText;
    } finally {
      for (const [element, visibility] of pages) element.style.visibility = visibility;
    }
  });
  const read = visit.name === 'maintenance' ? text.replace(fixedMaintenanceFormat, '') : text;
  return read.match(isoDate) ?? [];
}

describe.each([
  ['de-DE', 1280],
  ['de-DE', 390],
  ['fr-FR', 1280],
  ['fr-FR', 390],
] as const)('languages everywhere in %s at %i px', (locale, width) => {
  let browser: Browser;
  let page: Page;
  const want = expected[locale];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser, { locale, viewport: { width, height: 860 } })).newPage();
    await signIn(page, baseUrl, demoAccounts.customer, '/');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the manual in the reader’s language first and shows the notice in it', async () => {
    await openVisit(page, baseUrl, unitPage);
    const cards = await page.getByTestId('unit-documents').getByTestId('unit-document').evaluateAll((shown) => shown.map((card) => card.textContent ?? ''));
    if (locale === 'de-DE') expect(cards[0]).toContain(`· ${want.language} ·`);
    const notice = page.getByTestId('unit-notice').first();
    await expect(notice.textContent()).resolves.toContain(want.notice);
    expect(await notice.getAttribute('data-language')).toBe(locale.slice(0, 2));
    expect(await notice.getByTestId('unit-notice-source').count()).toBe(0);
    await screenshot(page, `languages-${locale}-${width}-unit`);
  }, 120_000);

  it.runIf(locale === 'de-DE')('says in the viewer that the German manual is behind its English source', async () => {
    await openVisit(page, baseUrl, unitPage);
    const german = await page.getByTestId('unit-documents').getByTestId('unit-document').first().textContent();
    const serviceRef = /D\d{5,12}/.exec(german ?? '')?.[0];
    expect(serviceRef).toBeDefined();
    await page.goto(`${baseUrl}/DocumentLink/${serviceRef}`);
    const banner = page.getByTestId('translation-behind-banner');
    await banner.waitFor({ timeout: 60_000 });
    await expect(banner.textContent()).resolves.toContain(want.behind);
    await screenshot(page, `languages-${locale}-${width}-viewer-behind`);
  }, 120_000);

  for (const visit of visits) {
    it(`shows no ISO date on ${visit.name}`, async () => {
      // The visits wait for English text in places (the not-found heading): a page in another language shows its main heading instead.
      await openVisit(page, baseUrl, { ...visit, ready: (p) => visit.ready(p).or(p.locator('main h1, [role="dialog"]')).first() });
      await page.waitForLoadState('networkidle');
      const found = await isoDatesShown(page, visit);
      if (found.length > 0) await screenshot(page, `languages-${locale}-${width}-iso-${visit.name}`);
      expect(found).toEqual([]);
    }, 120_000);
  }
});

/** The console's pages an admin reaches (every one a publisher does, and more). */
const consolePaths = [
  '/admin/documents', '/admin/imports', '/admin/units', '/admin/software', '/admin/cad', '/admin/jobs', '/admin/statistics',
  '/admin/preview', '/admin/audit', '/admin/products', '/admin/handover', '/admin/paper-requests',
];

describe.each([
  ['de-DE', 1280],
  ['de-DE', 390],
  ['fr-FR', 1280],
  ['fr-FR', 390],
] as const)('the console in %s at %i px', (locale, width) => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser, { locale, viewport: { width, height: 860 } })).newPage();
    await signIn(page, baseUrl, demoAccounts.admin, '/');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of consolePaths) {
    it(`shows no ISO date on ${path}`, async () => {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      const found = await isoDatesShown(page, { name: path, path, ready: (p) => p.locator('main') });
      const name = `languages-${locale}-${width}-console-${path.split('/').pop()}`;
      if (found.length > 0 || path === '/admin/units') await screenshot(page, name);
      expect(found).toEqual([]);
    }, 120_000);
  }
});
