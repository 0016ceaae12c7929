import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startPortal, type RunningPortal } from '../support/portal-server.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

// A portal of its own, on an empty data folder: the shared one has finished its seed long ago.
let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Returns as soon as /healthz answers, that is as soon as the server listens.
  portal = await startPortal();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function demoContentState(): Promise<string> {
  const health = (await (await fetch(`${portal.baseUrl}/healthz`)).json()) as { demoContent: string };
  return health.demoContent;
}

/** Counts the page's own loads, so that a test can tell a page that filled in from one that was reloaded. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

describe('the first start', () => {
  it('shows pages opened right after the server listens as being prepared, then fills them in without a reload', async () => {
    // The seed runs for a while after the server listens: this is the moment a new user opens the browser.
    expect(await demoContentState()).toBe('preparing');

    const context = await newContext(browser);
    const resources = await context.newPage();
    await signIn(resources, portal.baseUrl, demoAccounts.customer, '/resources');
    const software = await context.newPage();
    await software.goto(`${portal.baseUrl}/software`);
    // The new tab passes through the sign-in callback (a page load of its own) before it shows the list.
    await software.waitForURL(`${portal.baseUrl}/software`);
    await software.waitForLoadState('load');
    await software.getByRole('heading', { level: 1, name: 'Software' }).waitFor();
    const resourcesLoads = countLoads(resources);
    const softwareLoads = countLoads(software);

    if ((await demoContentState()) === 'preparing') {
      await resources.getByTestId('demo-content-preparing').waitFor();
      await screenshot(resources, 'first-start-resources-preparing');
      await software.getByTestId('demo-content-preparing').waitFor();
      await screenshot(software, 'first-start-software-preparing');
    }

    await expect.poll(demoContentState, { timeout: 180_000, interval: 1000 }).toBe('ready');
    // Both pages were opened on an empty portal and fill in by themselves.
    await expect.poll(() => software.getByTestId('software-card').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => resources.getByTestId('result-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await resources.getByTestId('result-count').textContent()).toMatch(/^[1-9]\d* documents$/);
    expect(await resources.getByTestId('demo-content-preparing').count()).toBe(0);
    expect(await software.getByTestId('demo-content-preparing').count()).toBe(0);
    await screenshot(resources, 'first-start-resources-ready');
    await screenshot(software, 'first-start-software-ready');
    expect(resourcesLoads()).toBe(0);
    expect(softwareLoads()).toBe(0);
    await context.close();
  }, 240_000);
});
