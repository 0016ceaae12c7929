import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { demoRefs, waitForDemoDocuments } from '../support/demo-documents.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
const shotDir = process.env.STORY_SHOTS_DIR;
let browser: Browser;
let page: Page;

/** Pictures at a desktop and a phone width, when a folder for them is given. */
async function shoot(name: string): Promise<void> {
  if (!shotDir) return;
  const desktop = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotDir}/${name}-${width}.png` });
  }
  if (desktop) await page.setViewportSize(desktop);
}

const viewer = () => page.getByTestId('document-viewer');
const facts = async () => (await viewer().getByTestId('document-facts').locator('li').allTextContents());

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/');
  await waitForDemoDocuments(page, ['ARM6_manual_en_C.pdf', 'ARM6_manual_fr_A.pdf']);
});
afterAll(async () => {
  await browser?.close();
});

describe('a document that tells its story', () => {
  it('says an older revision is not the newest, and opens the newest from the banner', async () => {
    await page.goto(`${baseUrl}/DocumentLink/${demoRefs.manual}-A`);
    await viewer().getByTestId('document-facts').waitFor({ timeout: 30_000 });
    const revisionFacts = await facts();
    expect(revisionFacts[0]).toBe(demoRefs.manual);
    expect(revisionFacts.slice(1)).toEqual(['Revision A', expect.stringMatching(/\d{4}/), 'English', 'Manual']);
    const banner = viewer().getByTestId('newer-revision-banner');
    await expect(banner.textContent()).resolves.toMatch(/A newer revision \(C, [A-Z][a-z]{2} \d{1,2}, \d{4}\) exists\./);
    await shoot('story-banner');

    await banner.getByRole('button', { name: 'Open revision C' }).click();
    await page.waitForURL(`${baseUrl}/DocumentLink/${demoRefs.manual}`);
    await expect.poll(() => viewer().getAttribute('data-resource-version')).toBe('C');
    await banner.waitFor({ state: 'detached' });
    await expect.poll(async () => (await facts())[1]).toBe('Revision C');
    await page.waitForFunction(() => document.querySelector('.textLayer')?.textContent?.includes('Revision C'), undefined, { timeout: 60_000 });
  }, 180_000);

  it('lists the revisions with their notes and switches to another language in one click', async () => {
    await viewer().getByRole('button', { name: 'Revisions and languages' }).click();
    const details = viewer().getByTestId('document-details');
    await details.waitFor();
    const revisions = details.locator('[data-revision]');
    await expect(revisions.evaluateAll((items) => items.map((item) => item.getAttribute('data-revision')))).resolves.toEqual(['C', 'B', 'A']);
    await expect(revisions.nth(2).textContent()).resolves.toContain('First edition');
    await expect(revisions.nth(0).getAttribute('aria-current')).resolves.toBe('true');
    await shoot('story-details');

    await details.getByRole('button', { name: 'Open in French' }).click();
    await expect.poll(async () => (await facts()).includes('French')).toBe(true);
    const french = await facts();
    expect(french[0]).not.toBe(demoRefs.manual);
    await page.waitForURL(`${baseUrl}/DocumentLink/${french[0]}`);
    await expect(viewer().getByRole('heading', { level: 2 }).textContent()).resolves.toContain('Manuel');
    await expect(details.getByRole('button', { name: 'Open in English' }).count()).resolves.toBe(1);
    await shoot('story-variant');
  }, 180_000);

  it('shows the number on each result card', async () => {
    await page.goto(`${baseUrl}/resources?q=${demoRefs.manual}`);
    const card = page.locator(`[data-testid="result-card"]`).filter({ hasText: demoRefs.manual }).first();
    await card.waitFor();
    await expect(card.getByTestId('document-number').textContent()).resolves.toBe(demoRefs.manual);
  });
});
