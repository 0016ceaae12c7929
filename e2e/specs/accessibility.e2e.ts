import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { declaredRoutePaths, openVisit, visitsByRoute } from '../support/portal-pages.ts';
import { repoRoot } from '../support/portal-server.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const axePath = resolve(repoRoot, 'node_modules/axe-core/axe.min.js');
let browser: Browser;
let page: Page;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core on the page as it is and answers the serious and critical violations, readable in a failure. */
async function seriousViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

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
    expect(await seriousViolations()).toEqual([]);
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
    expect(await seriousViolations()).toEqual([]);
  });

  it('favourites page, empty and with an item', async () => {
    await page.goto(`${baseUrl}/favorites`);
    // Empty, or listing what other specs starred on this shared demo account.
    await page.locator('[data-testid="favorites-empty"], [data-testid="favorites-list"]').first().waitFor();
    expect(await seriousViolations()).toEqual([]);
    await page.goto(`${baseUrl}/resources?q=robot`);
    await page.getByTestId('result-card').first().getByRole('button', { name: 'Add to favourites' }).click();
    await page.goto(`${baseUrl}/favorites`);
    await page.getByTestId('favorite-item').first().waitFor();
    expect(await seriousViolations()).toEqual([]);
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
    expect(await seriousViolations()).toEqual([]);
  });

  it('document-link page refusing a document (access-denied panel)', async () => {
    await page.goto(`${baseUrl}/DocumentLink/NOSUCHDOC1`);
    await page.getByText('Oops !').waitFor();
    expect(await seriousViolations()).toEqual([]);
  });
});

/** Switches the portal's colour scheme through its persisted preferences; the next page load applies it. */
async function useColorScheme(colorScheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((scheme) => {
    const key = 'portal.preferences';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{"language":null},"version":0}') as { state: Record<string, unknown> };
    localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, colorScheme: scheme } }));
  }, colorScheme);
}

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
        expect(await seriousViolations()).toEqual([]);
      }, 120_000);
    }
  }
});
