import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoRefs } from '../support/demo-documents.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * "Was this helpful?" end to end: a customer tells the viewer an old revision of the manual is outdated and finds
 * a software page helpful on a phone; the publisher finds the answer in the console's feedback queue, sees the
 * manual's helpful share in the documents table, marks it fixed with a note; the customer is told in the portal.
 */

const baseUrl = inject('baseUrl');
const phone = { width: 390, height: 844 };
const comment = 'The torque table on page 4 still shows the old values.';
const note = 'Revision C has the new torque table.';

let browser: Browser;
let customer: Page;
let customerPhone: Page;
let publisher: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await (await newContext(browser)).newPage();
  customerPhone = await (await newContext(browser, { viewport: phone, isMobile: true, hasTouch: true })).newPage();
  publisher = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('was this helpful', () => {
  it('lets a customer say an old revision is outdated, with a comment, in the viewer', async () => {
    await signIn(customer, baseUrl, demoAccounts.customer, `/DocumentLink/${demoRefs.manual}-A`);
    const viewer = customer.getByTestId('document-viewer');
    await viewer.waitFor({ timeout: 20_000 });
    const widget = viewer.getByTestId('helpful-feedback');
    await widget.getByRole('button', { name: 'No' }).click();
    const form = customer.getByRole('dialog', { name: 'What was not helpful?' });
    await form.getByRole('radio', { name: 'Outdated' }).check();
    await form.getByLabel('Comment (optional)').fill(comment);
    await screenshot(customer, 'feedback-form-1280');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await viewer.getByTestId('helpful-feedback-thanks').waitFor();
    await customer.getByText('Feedback sent').first().waitFor();
    await screenshot(customer, 'feedback-sent-1280');
  });

  it('lets a customer on a phone say a software page helped', async () => {
    await signIn(customerPhone, baseUrl, demoAccounts.customer, '/software/CTRL7');
    const widget = customerPhone.getByTestId('helpful-feedback');
    await widget.waitFor({ timeout: 20_000 });
    await widget.scrollIntoViewIfNeeded();
    await screenshot(customerPhone, 'feedback-software-390');
    await widget.getByRole('button', { name: 'Yes' }).click();
    await customerPhone.getByTestId('helpful-feedback-thanks').waitFor();
    expect(await customerPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });

  it('shows the publisher the answer in the queue and the share in the documents table; marking it fixed tells the reader', async () => {
    await signIn(publisher, baseUrl, demoAccounts.publisher, '/admin/feedback?status=new');
    const item = publisher.getByTestId('feedback-item').filter({ hasText: comment });
    await item.first().waitFor({ timeout: 20_000 });
    expect(await item.first().textContent()).toContain('Outdated');
    await screenshot(publisher, 'feedback-queue-1280');

    await item.first().getByRole('button', { name: /Change status/ }).click();
    const dialog = publisher.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'New status' }).click();
    await publisher.getByRole('option', { name: 'Fixed' }).click();
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await publisher.getByText('Status changed to “Fixed”.').first().waitFor();

    await publisher.goto(`${baseUrl}/admin/documents?q=${demoRefs.manual}`);
    const share = publisher.getByRole('row').filter({ hasText: demoRefs.manual }).getByTestId('helpful-share');
    await share.first().waitFor({ timeout: 20_000 });
    expect(await share.first().textContent()).toMatch(/^\d+ %$/);
    await screenshot(publisher, 'feedback-documents-share-1280');
  });

  it('tells the customer in the portal that their feedback was addressed', async () => {
    await customer.goto(`${baseUrl}/notifications`);
    const told = customer.getByTestId('notification').filter({ hasText: 'Your feedback was addressed' });
    await told.first().waitFor({ timeout: 20_000 });
    expect(await told.first().textContent()).toContain(note);
    await screenshot(customer, 'feedback-notified-1280');
  });
});
