import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { downloadBy } from '../support/downloads.ts';
import { declaredRoutePaths, openVisit, visitsByRoute } from '../support/portal-pages.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const phone = { width: 390, height: 844 };
let browser: Browser;
let page: Page;

/** The page is no wider than the screen: nothing makes it scroll sideways. */
const pageWidth = () => page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));

/** Every visible match lies within the screen's width (a table's action is reachable without scrolling). */
async function expectOnScreen(locator: Locator): Promise<void> {
  for (const box of await locator.evaluateAll((all) => all.map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 0))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(phone.width);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { viewport: phone })).newPage();
  await signIn(page, baseUrl, demoAccounts.employee, '/');
  // Something in the download history, so its rows are measured and not its empty state.
  await page.goto(`${baseUrl}/software/CTRL7`);
  await downloadBy(page, page.getByTestId('software-version').first().getByTestId('download-file').first());
  await page.goto(`${baseUrl}/cadFiles/robotConfigurator?model=ARM6&options=ceiling,arm-1200,flange-iso63&format=step`);
  await downloadBy(page, page.getByTestId('download-cad-format'));
});
afterAll(async () => {
  await browser?.close();
});

describe('every page at 390 px: no sideways scrolling of the page', () => {
  it('has a visit for every route the app declares', async () => {
    expect((await declaredRoutePaths()).sort()).toEqual(Object.keys(visitsByRoute).sort());
  });

  for (const [route, visits] of Object.entries(visitsByRoute)) {
    for (const visit of visits) {
      it(`${visit.name} (${route})`, async () => {
        await openVisit(page, baseUrl, visit);
        const { scrollWidth, innerWidth } = await pageWidth();
        await screenshot(page, `phone-${visit.name}`);
        expect(innerWidth).toBe(phone.width);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        await expectOnScreen(page.locator('[data-testid="download-file"], [data-testid="redownload"], [data-testid="checksum"]'));
      }, 120_000);
    }
  }

  it('names the CAD set of the history by its labels and reopens it with its options', async () => {
    await page.goto(`${baseUrl}/downloads?kind=cad`);
    const link = page.getByTestId('history-row').getByRole('link', { name: 'Six-axis robot ARM-6 (Ceiling, 1200 mm, ISO 9409-1-63-4-M6)' }).first();
    expect(await link.getAttribute('href')).toBe('/cadFiles/robotConfigurator?model=ARM6&options=ceiling,arm-1200,flange-iso63&format=step');
    await link.click();
    await page.getByTestId('configuration-results').waitFor();
    expect(new URL(page.url()).searchParams.get('options')).toBe('ceiling,arm-1200,flange-iso63');
  });

  it('reaches the download history from the user menu', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByTestId('user-menu-downloads').click();
    await page.waitForURL(`${baseUrl}/downloads`);
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('history-row').evaluateAll((rows) => new Set(rows.map((row) => row.getAttribute('data-kind'))).size)).toBeGreaterThan(1);
  });
});
