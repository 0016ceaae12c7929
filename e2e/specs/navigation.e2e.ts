import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { waitForDemoDocuments } from '../support/demo-documents.ts';
import { demoAccounts, submitSignInForm } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const staleStateText = /No matching state|state found in storage|Sign-in expired/i;

/** Signs in from `path` in a fresh context; answers the page and the callback address the provider sent it to. */
async function signInFrom(path: string): Promise<{ page: Page; callbackUrl: string }> {
  const page = await (await newContext(browser)).newPage();
  const callbacks: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login/callback') callbacks.push(frame.url());
  });
  await page.goto(`${baseUrl}${path}`);
  await submitSignInForm(page, demoAccounts.customer);
  await page.waitForURL(`${baseUrl}${path}`);
  expect(new Set(callbacks).size).toBe(1);
  return { page, callbackUrl: callbacks[0] };
}

describe('navigation a person expects', () => {
  it('replaces the sign-in callback: Back after signing in never lands on it', async () => {
    const { page } = await signInFrom('/favorites');
    await page.getByRole('heading', { level: 1, name: 'Favourites' }).waitFor();
    await page.goBack();
    // Back leaves the portal's page for the provider's, or stays: never the used callback and its error.
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).not.toBe('/login/callback');
    await expect(page.locator('body').textContent()).resolves.not.toMatch(staleStateText);
    await screenshot(page, 'navigation-back-after-sign-in');
    await page.context().close();
  }, 180_000);

  it('sends a stale callback address on to where sign-in was going, without an error', async () => {
    const { page, callbackUrl } = await signInFrom('/software');
    await page.goto(callbackUrl);
    await page.waitForURL(`${baseUrl}/software`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.locator('body').textContent()).resolves.not.toMatch(staleStateText);
    // Its entry was replaced too: Back goes to the page before it, not to the callback.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(`${baseUrl}/software`);
    await page.context().close();
  }, 180_000);

  it('makes opening a document from a list a history step: Back closes the viewer and keeps the list', async () => {
    const { page } = await signInFrom('/');
    await waitForDemoDocuments(page, ['ARM6_manual_en_C.pdf']);
    await page.goto(`${baseUrl}/resources?q=manual`);
    const card = page.getByTestId('result-card').first();
    await card.waitFor();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('heading').getByRole('button').click();
    const viewer = page.getByTestId('document-viewer');
    await viewer.waitFor();
    await expect(viewer.getByRole('heading', { name: title }).count()).resolves.toBe(1);
    expect(page.url()).toBe(`${baseUrl}/resources?q=manual`);

    // Persistent (spec §2): Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(viewer.isVisible()).resolves.toBe(true);

    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/resources?q=manual`);
    await expect(page.getByTestId('result-card').first().isVisible()).resolves.toBe(true);

    // Closed by its button, it leaves no entry behind: Back then leaves the list.
    await card.getByRole('heading').getByRole('button').click();
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Close the viewer' }).click();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/resources?q=manual`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  }, 180_000);
});
