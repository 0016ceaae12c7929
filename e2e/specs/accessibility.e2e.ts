import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, setColorScheme } from '../support/browser.ts';
import { declaredRoutePaths, openVisit, visitsByRoute } from '../support/portal-pages.ts';
import { seriousViolations as violationsOf } from '../support/axe.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
const seriousViolations = () => violationsOf(page);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser, { bypassCSP: true })).newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/');
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('home page', async () => {
    await page.getByTestId('home-recently-published').getByTestId('home-document').first().waitFor();
    expect((await seriousViolations()).join('\n')).toBe('');
  });

  it('would see a violation: an unlabelled button planted in the page is reported', async () => {
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button id="planted-violation"></button>'));
    expect((await seriousViolations()).join('\n')).toContain('critical button-name');
    await page.evaluate(() => document.getElementById('planted-violation')?.remove());
  });

  it('resources page with results and facets', async () => {
    await page.goto(`${baseUrl}/resources?q=robot`);
    await page.getByTestId('result-card').first().waitFor();
    await page.getByTestId('facet-type').waitFor();
    expect((await seriousViolations()).join('\n')).toBe('');
  });

  it('favourites page, empty and with an item', async () => {
    await page.goto(`${baseUrl}/favorites`);
    // Empty, or listing what other specs starred on this shared demo account.
    await page.locator('[data-testid="favorites-empty"], [data-testid="favorites-list"]').first().waitFor();
    expect((await seriousViolations()).join('\n')).toBe('');
    await page.goto(`${baseUrl}/resources?q=robot`);
    await page.getByTestId('result-card').first().getByRole('button', { name: 'Add to favourites' }).click();
    await page.goto(`${baseUrl}/favorites`);
    await page.getByTestId('favorite-item').first().waitFor();
    expect((await seriousViolations()).join('\n')).toBe('');
    // Leave the account as it was for the other specs.
    const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/Favorites/'));
    await page.getByTestId('remove-favorite').first().click();
    await removed;
  });

  it('document-link page with the viewer open', async () => {
    await page.goto(`${baseUrl}/DocumentLink/D28092504`);
    await page.getByTestId('document-viewer').waitFor();
    // The viewer sets this User Timing mark once pdf.js has drawn the first page.
    await page.waitForFunction(() => performance.getEntriesByName('pdf:first-page-painted').length > 0, undefined, { timeout: 20_000 });
    await screenshot(page, 'accessibility-document-link');
    expect((await seriousViolations()).join('\n')).toBe('');
  });

  it('document-link page refusing a document (access-denied panel)', async () => {
    await page.goto(`${baseUrl}/DocumentLink/NOSUCHDOC1`);
    await page.getByText('Oops !').waitFor();
    expect((await seriousViolations()).join('\n')).toBe('');
  });
});

const useColorScheme = (scheme: 'light' | 'dark') => setColorScheme(page, scheme);

describe.each(['light', 'dark'] as const)('every page in the %s theme: no serious or critical violation (contrast included)', (scheme) => {
  beforeAll(async () => {
    await page.goto(`${baseUrl}/`);
    await useColorScheme(scheme);
  });
  afterAll(async () => {
    await useColorScheme('light');
  });

  it('covers every route the app declares', async () => {
    expect((await declaredRoutePaths()).sort()).toEqual(Object.keys(visitsByRoute).sort());
  });

  for (const [route, visits] of Object.entries(visitsByRoute)) {
    for (const visit of visits) {
      it(`${visit.name} (${route})`, async () => {
        await openVisit(page, baseUrl, visit);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
        await screenshot(page, `accessibility-${scheme}-${visit.name}`);
        expect((await seriousViolations()).join('\n')).toBe('');
      }, 120_000);
    }
  }
});
