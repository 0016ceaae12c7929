import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../apps/api/src/demo/generate-pdf.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoRefs } from '../support/demo-documents.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';
import { startPortal, waitForDemoContent, type RunningPortal } from '../support/portal-server.ts';

/*
 * Alerts (issue 14) end to end: the customer follows a document from the viewer and a product from
 * the product facet; the publisher adds a significant version of the document; the customer's bell
 * counts it, and its notification leads to the document.
 */

// A portal of its own: the publications made here would change what the other specs' demo content shows.
let portal: RunningPortal | undefined;
let baseUrl = '';
const poll = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout });
/** Screenshots the change is reviewed with, at desktop and phone widths. */
const shotDir = '/tmp/shots';
const widths = [1280, 390];
/** The ARM-6 manual (product ARM6), versions A–C in the demo content. */
const manual = demoRefs.manual;
const product = 'ARM6';

let browser: Browser;
let customer: Page;
let publisher: Page;

beforeAll(async () => {
  portal = await startPortal();
  await waitForDemoContent(portal.dataDir);
  baseUrl = portal.baseUrl;
  browser = await launchBrowser();
  customer = await (await newContext(browser, { viewport: { width: 1280, height: 860 } })).newPage();
  publisher = await (await newContext(browser)).newPage();
  await signIn(customer, baseUrl, demoAccounts.customer, '/');
  await signIn(publisher, baseUrl, 'publisher@demo.example', '/');
  mkdirSync(shotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const bell = () => customer.getByTestId('notifications-bell');
const unread = async () => Number(await bell().getAttribute('data-unread'));

/** Loads a page and answers the bell's count once its first request has been answered and drawn. */
async function unreadAfter(load: () => Promise<unknown>): Promise<number> {
  const answered = customer.waitForResponse((response) => new URL(response.url()).pathname === '/api/Notifications' && response.ok());
  await load();
  const { unread: count } = (await (await answered).json()) as { unread: number };
  await poll(unread).toBe(count);
  return count;
}

/** Presses a follow toggle (when not pressed yet) and waits until the server has stored the follow. */
async function follow(toggle: ReturnType<Page['getByTestId']>): Promise<void> {
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') {
    const saved = customer.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/Follows/') && response.ok());
    await toggle.click();
    await saved;
  }
  await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  expect(await toggle.textContent()).toContain('Following');
}

/** The customer's notifications, as `documentId/version`. */
async function notifiedVersions(): Promise<string[]> {
  return customer.evaluate(async () => {
    const { accessToken } = JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
    const response = await fetch('/api/Notifications?pageSize=100', { headers: { Authorization: `Bearer ${accessToken}` } });
    const body = (await response.json()) as { items: { documentId: string; versionLabel: string }[] };
    return body.items.map((item) => `${item.documentId}/${item.versionLabel}`);
  });
}

/** Shoots the page at each width, as /tmp/shots/h4-<name>-<width>.png. */
async function shootWidths(page: Page, name: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 600 ? 860 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotDir}/h4-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** POST /api/Admin/documents/:id/versions as the publisher, a generated PDF as the file. */
async function publishVersion(documentId: string, resourceVersion: string, changeNote: string): Promise<string> {
  const pdf = await generatePdf({ title: 'ARM-6 manual', subtitle: `ARM6 - revision ${resourceVersion}`, sections: [{ heading: 'Safety', paragraphs: [changeNote] }] });
  return publisher.evaluate(
    async ({ documentId, metadata, bytes }) => {
      const { accessToken } = JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
      const form = new FormData();
      form.append('metadata', JSON.stringify(metadata));
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `ARM6_manual_${metadata.resourceVersion}.pdf`);
      const response = await fetch(`/api/Admin/documents/${documentId}/versions`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${accessToken}` } });
      return `${response.status} ${response.ok ? '' : await response.text()}`.trim();
    },
    { documentId, metadata: { resourceVersion, changeNote, significant: true }, bytes: [...pdf] },
  );
}

describe('alerts', () => {
  let documentId = '';
  const version = 'D';
  const changeNote = 'Safety chapter revised: new emergency stop test.';

  it('follows the document from the viewer and the product from the product facet', async () => {
    await customer.goto(`${baseUrl}/DocumentLink/${manual}`);
    const viewer = customer.getByTestId('document-viewer');
    await viewer.waitFor({ timeout: 30_000 });
    documentId = (await viewer.getAttribute('data-document-id')) ?? '';
    expect(documentId).not.toBe('');
    await follow(viewer.getByTestId('follow-toggle-document'));
    await shootWidths(customer, 'viewer');

    await customer.goto(`${baseUrl}/resources?product=${product}`);
    await customer.getByTestId('result-card').first().waitFor();
    const productToggle = customer.getByTestId('product-follows').getByTestId('follow-toggle-product');
    await follow(productToggle);
    expect(await productToggle.getAttribute('aria-label')).toMatch(/^Following /);
    await shootWidths(customer, 'resources');

    const { kinds } = await customer.evaluate(async () => {
      const { accessToken } = JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
      const response = await fetch('/api/Follows', { headers: { Authorization: `Bearer ${accessToken}` } });
      const body = (await response.json()) as { items: { kind: string; itemId: string }[] };
      return { kinds: body.items.map((item) => `${item.kind}/${item.itemId}`) };
    });
    expect(kinds).toEqual(expect.arrayContaining([`document/${documentId}`, `product/${product}`]));
  });

  it('counts a significant new version on the bell; its notification opens the document', { timeout: 240_000 }, async () => {
    const before = await unreadAfter(() => customer.goto(`${baseUrl}/`));
    expect(await bell().getAttribute('aria-label')).toBe(`Notifications, ${before} unread`);

    expect(await publishVersion(documentId, version, changeNote)).toBe('201');

    // The fan-out is a background job (behind the new file's preview jobs). The bell asks every
    // minute and on focus; a page load asks at once.
    await poll(async () => (await notifiedVersions()).includes(`${documentId}/${version}`), 120_000).toBe(true);
    await poll(() => unreadAfter(() => customer.reload()), 30_000).toBeGreaterThan(before);
    const after = await unread();
    expect(await bell().getAttribute('aria-label')).toBe(`Notifications, ${after} unread`);
    await customer.screenshot({ path: `${shotDir}/h4-bell-1280.png` });

    await bell().click();
    await customer.waitForURL(`${baseUrl}/notifications`);
    const item = customer.getByTestId('notification').filter({ hasText: `Version ${version}` }).first();
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.textContent()).toContain(changeNote);
    await shootWidths(customer, 'notifications');
    await customer.getByRole('button', { name: 'Switch to dark mode' }).click();
    await customer.screenshot({ path: `${shotDir}/h4-notifications-dark-1280.png` });
    await customer.getByRole('button', { name: 'Switch to light mode' }).click();

    await item.getByRole('link').click();
    await customer.waitForURL((url) => url.pathname === `/DocumentLink/${manual}-${version}`, { timeout: 20_000 });
    const viewer = customer.getByTestId('document-viewer');
    await viewer.waitFor({ timeout: 30_000 });
    expect(await viewer.getAttribute('data-resource-version')).toBe(version);
    await poll(() => viewer.getByTestId('follow-toggle-document').getAttribute('aria-pressed')).toBe('true');
    await screenshot(customer, 'alerts-notification-opened');

    // Opening it marked it read.
    await customer.goto(`${baseUrl}/notifications`);
    const opened = customer.getByTestId('notification').filter({ hasText: `Version ${version}` }).first();
    await poll(() => opened.getAttribute('data-read')).toBe('true');
    await poll(unread).toBeLessThan(after);
  });
});
