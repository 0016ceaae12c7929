import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Following page (issue 32)', () => {
  it('lists what the customer follows, or says how to follow something', async () => {
    for (const [name, viewport] of [['1280', { width: 1280, height: 860 }], ['390', { width: 390, height: 844 }]] as const) {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await signIn(page, baseUrl, demoAccounts.customer, '/following');
      await page.getByRole('heading', { name: 'Following', level: 1 }).waitFor();
      // Other specs follow and unfollow with this account: the list or its empty state, never a blank page.
      await expect.poll(async () => (await page.getByTestId('following-row').count()) + (await page.getByText('You follow nothing yet.').count())).toBeGreaterThan(0);
      await screenshot(page, `following-${name}`);
      await context.close();
    }
  });
});
