import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForBackgroundJobs } from '../support/background-jobs.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * The 3D preview of a demo robot's CAD set (issue 29), at 1280 and 390 px: open the ARM-6 base's model from the
 * configurator, isolate a part, measure, cut a section, take a snapshot. The demo's STEP files are real solid
 * models (apps/api/src/demo/cad-models), converted by the preview jobs the seed queued.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  await waitForBackgroundJobs(inject('dataDir'), { kinds: ['modelPreview'], timeoutMs: 170_000, log: () => undefined });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(tmpdir(), `model-preview-${name}.png`) });

describe.each([
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
])('3D preview of a configured robot at $viewport.width px', ({ name, viewport }) => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(browser, { viewport })).newPage();
    await signIn(page, baseUrl, demoAccounts.customer, '/cadFiles/robotConfigurator?family=articulated&model=ARM6&options=floor,arm-900,flange-iso50');
  });

  it('opens the model of the robot base from the configurator results', async () => {
    const results = page.getByTestId('configuration-results');
    await results.waitFor();
    await results.getByRole('button', { name: '3D preview of ARM6_base.stp' }).click();
    const view = page.getByRole('img', { name: /^3D view of/ });
    await view.waitFor();
    await shot(page, `${name}-opening`);
    await page.getByText(/^Overall size:/).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('[role="dialog"] [role="status"]').count()).toBe(0);
    await shot(page, `${name}-opened`);
  });

  it('isolates a part from the model tree', async () => {
    const treeToggle = page.getByRole('button', { name: 'Model tree', exact: true });
    if ((await treeToggle.getAttribute('aria-pressed')) !== 'true') await treeToggle.click();
    await page.getByRole('button', { name: 'Show only COLUMN' }).click();
    // The other parts are hidden: their buttons now offer to show them.
    await page.getByRole('button', { name: 'Show BASE_PLATE' }).waitFor();
    await page.getByRole('button', { name: 'Hide COLUMN' }).waitFor();
    await shot(page, `${name}-isolated`);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.getByRole('button', { name: 'Hide BASE_PLATE' }).waitFor();
    if (viewport.width < 600) await treeToggle.click();
  });

  it('measures a distance between two points of the model', async () => {
    await page.getByRole('combobox', { name: 'Measure' }).selectOption('distance');
    const view = page.getByRole('img', { name: /^3D view of/ });
    const box = await view.boundingBox();
    if (!box) throw new Error('the 3D view has no box');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.click(centre.x - 15, centre.y);
    await page.mouse.click(centre.x + 15, centre.y + 10);
    await expect.poll(() => page.getByText(/^Distance: \d/).count()).toBeGreaterThan(0);
    await shot(page, `${name}-measured`);
    await page.getByRole('combobox', { name: 'Measure' }).selectOption('off');
  });

  it('cuts a section, which changes the drawn scene', async () => {
    const view = page.getByRole('img', { name: /^3D view of/ });
    const before = await view.screenshot();
    await page.getByRole('combobox', { name: 'Section plane' }).selectOption('x');
    await page.getByRole('slider', { name: 'Section position' }).waitFor();
    await expect.poll(async () => (await view.screenshot()).equals(before)).toBe(false);
    await shot(page, `${name}-section`);
  });

  it('saves a PNG snapshot', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save a PNG snapshot' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const path = await download.path();
    expect((await readFile(path)).subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });
});
