import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoRefs, waitForDemoDocuments } from '../support/demo-documents.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

/** Opens a document link and waits for its outcome: the viewer or the access-denied panel. */
async function openLink(documentData: string): Promise<void> {
  await page.goto(`${baseUrl}/DocumentLink/${documentData}`);
  await page.locator('[data-testid="document-viewer"], [data-testid="access-denied-dialog"]').first().waitFor({ timeout: 30_000 });
}

async function expectDeniedWith(message: string, shot: string): Promise<void> {
  const panel = page.getByTestId('access-denied-dialog');
  await panel.getByRole('heading', { name: 'Oops !' }).waitFor();
  await expect(panel.textContent()).resolves.toContain(message);
  await expect(panel.getByTestId('access-denied-contact').count()).resolves.toBe(0);
  // The full-screen panel slides in: take the picture once it is in place.
  await page.waitForFunction(() => document.querySelector('[data-testid="access-denied-dialog"]')?.getBoundingClientRect().left === 0);
  await screenshot(page, shot);
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${baseUrl}/resources`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.customer, '/');
  await waitForDemoDocuments(page, ['ARM6_manual_en_C.pdf']);
});
afterAll(async () => {
  await browser?.close();
});

describe('document links', () => {
  it('checks access behind a blocking dialog, then shows the version the link names; closing goes to /resources', async () => {
    // Hold the access check back a moment so that the blocking dialog can be seen.
    await page.route(
      '**/api/Content/documentByServiceRef**',
      async (route) => {
        await new Promise((wait) => setTimeout(wait, 800));
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`${baseUrl}/DocumentLink/${demoRefs.manual}-A`);
    await page.getByText('Checking access…').waitFor();
    await screenshot(page, 'document-link-checking-access');

    await page.getByTestId('document-viewer').waitFor();
    await page.locator('.textLayer').first().waitFor();
    await page.waitForFunction(() => document.querySelector('.textLayer')?.textContent?.includes('Revision A'));
    await expect(page.getByText('Checking access…').count()).resolves.toBe(0);
    await screenshot(page, 'document-link-viewer-version-A');

    await page.getByRole('button', { name: 'Close the viewer' }).click();
    await page.waitForURL(`${baseUrl}/resources`);
  });

  it('without a version shows the newest one', async () => {
    await openLink(demoRefs.manual);
    await page.waitForFunction(() => document.querySelector('.textLayer')?.textContent?.includes('Revision C'));
  });

  it('a partner-only document opened by a customer shows the forbidden panel (403)', async () => {
    await openLink(demoRefs.partnersOnly);
    await expectDeniedWith('You are not allowed to see this document.', 'document-link-forbidden');
  });

  it('an unknown reference shows the document-not-found panel', async () => {
    await openLink('D99999999');
    await expectDeniedWith('The document of this link does not exist or is no longer published.', 'document-link-unknown-reference');
  });

  it('an unknown version shows the version-not-found panel', async () => {
    await openLink(`${demoRefs.manual}-Z`);
    await expectDeniedWith('This version of the document does not exist or is no longer published.', 'document-link-unknown-version');
  });

  it('a malformed link shows the invalid-parameters panel', async () => {
    await openLink('-A');
    await expectDeniedWith('This document link is not valid. Check that it was copied completely.', 'document-link-invalid');
  });
});
