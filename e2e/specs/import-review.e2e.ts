import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generatePdf } from '../../apps/api/src/demo/generate-pdf.ts';
import { ZipFile } from '../../apps/api/src/platform/delivery/zip-file.ts';
import { waitForBackgroundJobs } from '../support/background-jobs.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * Issue 32 item 1: a publisher imports a zip of three files from the browser, sees the dry run, confirms (drafts),
 * reviews and publishes two; a customer's home then shows those two and not the third.
 */
const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });
const stamp = Date.now().toString(36);
const titles = [`Flange kit ${stamp} assembly`, `Hose set ${stamp} service sheet`, `Notes ${stamp} not for customers`];

async function zipOfThree(): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [index, title] of titles.entries()) {
    const pdf = await generatePdf({ title, subtitle: 'Import review', sections: [{ heading: 'Content', paragraphs: [`File ${index + 1}.`] }] });
    zip.addBuffer(Buffer.from(pdf), `scan-${stamp}-${index + 1}.pdf`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let browser: Browser;
let publisher: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  publisher = await (await newContext(browser)).newPage();
  customer = await (await newContext(browser)).newPage();
  await signIn(publisher, baseUrl, demoAccounts.publisher, '/admin/imports');
  await signIn(customer, baseUrl, demoAccounts.customer, '/');
  // The import's job queues behind the demo's previews: let them finish first.
  await waitForBackgroundJobs(inject('dataDir'), { timeoutMs: 540_000, log: () => undefined });
}, 600_000);
afterAll(async () => {
  await browser?.close();
});

describe('review before publishing', () => {
  it('imports a zip as drafts after a dry run, publishes two of three, and the customer home shows only those two', async () => {
    await publisher.setViewportSize({ width: 1280, height: 900 });
    await publisher.getByRole('button', { name: 'Choose a zip' }).waitFor();
    await publisher.getByTestId('import-zip-input').setInputFiles({ name: `handbooks-${stamp}.zip`, mimeType: 'application/zip', buffer: await zipOfThree() });
    await publisher.getByRole('button', { name: 'Check what would be imported' }).click();

    const preview = publisher.getByRole('table', { name: 'What each file would become' });
    await preview.waitFor();
    for (const title of titles) expect(await preview.getByRole('row').filter({ hasText: title }).textContent()).toContain('New document');
    expect(await publisher.getByText('Nothing has been created yet.', { exact: false }).isVisible()).toBe(true);
    await screenshot(publisher, 'import-review-dry-run-1280');
    await publisher.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(publisher)).toBe(false);
    await screenshot(publisher, 'import-review-dry-run-390');
    await publisher.setViewportSize({ width: 1280, height: 900 });

    await publisher.getByRole('button', { name: 'Import 3 files as drafts' }).click();
    const review = publisher.getByRole('table', { name: 'Documents of this import' });
    await review.waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
      await screenshot(publisher, 'import-review-list-missing');
      throw error;
    });
    await poll(() => review.getByText('Draft', { exact: true }).count()).toBe(3);
    await review.getByRole('checkbox', { name: `Select ${titles[2]}` }).uncheck();
    await screenshot(publisher, 'import-review-list-1280');
    await publisher.setViewportSize({ width: 390, height: 844 });
    const wide = await publisher.evaluate(() =>
      [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((element) => `${element.tagName}.${element.className}`.slice(0, 80)),
    );
    expect(await overflowsSideways(publisher), wide.join(' | ')).toBe(false);
    await screenshot(publisher, 'import-review-list-390');
    await publisher.setViewportSize({ width: 1280, height: 900 });
    await publisher.getByRole('button', { name: 'Publish 2 selected documents' }).click();
    await poll(() => review.getByText('Published', { exact: true }).count()).toBe(2);
    expect(await review.getByText('Draft', { exact: true }).count()).toBe(1);

    const home = () => customer.getByTestId('home-recently-published');
    await poll(async () => {
      await customer.reload();
      await home().getByTestId('home-document').first().waitFor();
      return home().textContent();
    }).toContain(titles[1]);
    const text = (await home().textContent()) ?? '';
    expect(text).toContain(titles[0]);
    expect(text).not.toContain(titles[2]);
    await screenshot(customer, 'import-review-customer-home');
  }, 300_000);
});
