import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoAccounts, signIn, submitSignInForm } from '../support/sign-in.ts';

/*
 * The maker's duties end to end: a signed-out phone scans a machine's identification link, sees its model,
 * signs in, lands on the unit and asks for the printed instructions; a publisher finds the request in the
 * console with its due date, marks it printed and shipped; the customer is told in the portal.
 * The unit is a demo unit of the customer's account that no other end-to-end file uses.
 */

const baseUrl = inject('baseUrl');
const serial = 'SCARA4-2025-00108';
const phone = { width: 390, height: 844 };
const postalAddress = 'ACME Robotics\nMaintenance office, building 4\n12 rue des Machines\n69007 Lyon\nFrance';

let browser: Browser;
let customer: Page;
let publisher: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await (await newContext(browser, { viewport: phone, isMobile: true, hasTouch: true })).newPage();
  publisher = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's own API call with its signed-in user's token (what the console itself asks). */
async function apiAs<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = (JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string }).accessToken ?? '';
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }, path);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

describe('paper on request', () => {
  it('leads a signed-out phone from the identification link to the unit and a paper request', async () => {
    await customer.goto(`${baseUrl}/id/${serial}`);
    await customer.waitForURL(`${baseUrl}/units/${serial}/public`);
    await customer.getByTestId('public-unit-model').waitFor();
    expect(await customer.getByTestId('public-unit-serial').textContent()).toBe(serial);
    expect(await customer.getByTestId('public-unit-model').textContent()).toContain('S-4');
    const publicView = (await customer.getByTestId('public-unit').textContent()) ?? '';
    expect(publicView).not.toContain('ACME');
    expect(publicView).not.toContain('packaging');
    await noSidewaysScroll(customer);
    await screenshot(customer, 'paper-on-request-public-390');

    await customer.getByTestId('public-unit-sign-in').click();
    await submitSignInForm(customer, demoAccounts.customer);
    await customer.waitForURL(`${baseUrl}/units/${serial}`, { timeout: 20_000 });
    await customer.getByTestId('unit-page').waitFor();
    await noSidewaysScroll(customer);

    await customer.getByTestId('paper-request-open').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByLabel('Postal address').fill(postalAddress);
    await dialog.getByLabel('Contact (name, phone or e-mail)').fill('Carla Customer, +33 4 00 00 00 00');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await customer.getByTestId('paper-request-done').waitFor();
    expect(await customer.getByTestId('paper-request-done').textContent()).toContain('will be sent by');
    await screenshot(customer, 'paper-on-request-sent-390');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the publisher the request with its due date, who marks it printed and then shipped', async () => {
    await signIn(publisher, baseUrl, demoAccounts.publisher, '/admin/paper-requests');
    const queue = await apiAs<{ items: Array<{ serialNumber: string; dueAt: string; requestedAt: string }> }>(publisher, '/api/Admin/paper-requests?state=requested');
    const request = queue.items.find((item) => item.serialNumber === serial);
    expect(request).toBeDefined();
    const monthOn = new Date(request!.requestedAt);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(request!.dueAt.slice(0, 10)).toBe(monthOn.toISOString().slice(0, 10));

    const row = publisher.getByRole('row').filter({ hasText: serial });
    await row.first().waitFor();
    const due = await publisher.evaluate((iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)), request!.dueAt);
    expect(await row.first().textContent()).toContain(due);

    await publisher.getByRole('button', { name: `Mark request for ${serial} printed` }).click();
    await publisher.getByRole('dialog').getByRole('button', { name: 'Mark printed' }).click();
    await publisher.getByRole('button', { name: `Mark request for ${serial} shipped` }).waitFor();

    await publisher.getByRole('button', { name: `Mark request for ${serial} shipped` }).click();
    const shipDialog = publisher.getByRole('dialog');
    expect(await shipDialog.getByTestId('paper-request-address').textContent()).toContain('69007 Lyon');
    await shipDialog.getByLabel('Note').fill('Parcel 00340434 with the carrier');
    await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
    await row.first().getByText('Shipped', { exact: true }).first().waitFor();
    await screenshot(publisher, 'paper-on-request-console');
  });

  it('tells the customer in the portal that the instructions were shipped', async () => {
    await customer.goto(`${baseUrl}/notifications`);
    const shipped = customer.getByTestId('notification').filter({ hasText: serial }).filter({ hasText: 'Shipped' });
    await shipped.first().waitFor({ timeout: 20_000 });
    expect(await shipped.first().textContent()).toContain('Parcel 00340434');
    expect(await customer.getByTestId('notification').filter({ hasText: serial }).filter({ hasText: 'Received' }).count()).toBeGreaterThan(0);
    await noSidewaysScroll(customer);
    await screenshot(customer, 'paper-on-request-notified-390');
  });
});
