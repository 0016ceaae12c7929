import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePdf } from '../../apps/api/src/demo/generate-pdf.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { apiGet, type VisibleDocument } from '../support/demo-documents.ts';
import { downloadBy } from '../support/downloads.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';
import { startPortal, waitForDemoContent, type RunningPortal } from '../support/portal-server.ts';

/*
 * The publishing console (issue 13) end to end, as its three people meet it: the publisher uploads
 * three drafts, publishes one now and schedules one, adds a version, restricts a document to an
 * account, grants and revokes a named user, unpublishes; the customer sees exactly the expected
 * documents at each step; the admin finds every step in the audit log and its CSV.
 */

// A portal of its own: the publications made here would change what the other specs' demo content shows.
let portal: RunningPortal | undefined;
let baseUrl = '';
const publisherEmail = 'publisher@demo.example';
const shotDir = process.env.CONSOLE_SHOTS_DIR ?? '/tmp/shots';
/** A word no demo document has, so that searching it finds only this run's documents. */
const word = `quorvel${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const titles = { alpha: `${word} alpha manual`, beta: `${word} beta manual`, gamma: `${word} gamma manual` };
type Name = keyof typeof titles;

let browser: Browser;
let publisher: Page;
let customer: Page;
let admin: Page;
let files: string;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  // Dialogs fade in: the picture is taken once they are opaque.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(shotDir, `h7-${name}.png`) });
}

/** The titles of this run's documents the customer finds with the search API. */
async function customerTitles(): Promise<string[]> {
  const { status, body } = await apiGet<{ items: VisibleDocument[] }>(customer, `/api/Content/search?q=${word}&pageSize=50`);
  expect(status).toBe(200);
  return body.items.map((item) => item.title).sort();
}

/** Waits (a change reaches the search index in its own transaction, the cache within a moment) until the customer sees exactly these. */
async function expectCustomerSees(names: Name[], timeoutMs = 15_000): Promise<void> {
  const expected = names.map((name) => titles[name]).sort();
  const deadline = Date.now() + timeoutMs;
  let seen = await customerTitles();
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await customer.waitForTimeout(500);
    seen = await customerTitles();
  }
  expect(seen).toEqual(expected);
}

const row = (name: Name) => publisher.getByRole('row').filter({ hasText: titles[name] });
async function rowAction(name: Name, action: string): Promise<void> {
  await publisher.getByRole('button', { name: `Actions for ${titles[name]}` }).click();
  await publisher.getByRole('menuitem', { name: action, exact: true }).click();
}
const dialog = () => publisher.getByRole('dialog');
async function closedDialog(): Promise<void> {
  await dialog().waitFor({ state: 'detached', timeout: 15_000 });
}

/** "YYYY-MM-DDTHH:MM" in UTC, the time zone the pages run in. */
const inputValue = (date: Date) => date.toISOString().slice(0, 16);

const documentIds = new Map<Name, string>();

beforeAll(async () => {
  portal = await startPortal();
  await waitForDemoContent(portal.dataDir);
  baseUrl = portal.baseUrl;
  browser = await launchBrowser();
  const context = () => newContext(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  [publisher, customer, admin] = await Promise.all([context(), context(), context()].map(async (made) => (await made).newPage()));
  files = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  for (const name of Object.keys(titles) as Name[]) {
    const bytes = await generatePdf({ title: titles[name], subtitle: name, sections: [{ heading: 'Use', paragraphs: [`The ${name} unit.`] }] });
    writeFileSync(join(files, `${name}.pdf`), bytes);
  }
  await signIn(customer, baseUrl, demoAccounts.customer);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('publishing console', () => {
  it('takes three drafts from upload to publication, scheduled publication, a version, restriction, a grant and its revocation', { timeout: 420_000 }, async () => {
    await signIn(publisher, baseUrl, publisherEmail, '/admin/documents');
    await publisher.getByTestId('upload-drop-area').waitFor({ timeout: 20_000 });

    // Upload: three files through the drop area's file input, shared metadata, a title each, kept as drafts.
    await publisher.getByTestId('upload-input').setInputFiles((Object.keys(titles) as Name[]).map((name) => join(files, `${name}.pdf`)));
    for (const name of Object.keys(titles) as Name[]) await publisher.getByLabel(`Title of ${name}.pdf`).fill(titles[name]);
    await publisher.getByRole('combobox', { name: /^Document type/ }).click();
    await publisher.getByRole('option').first().click();
    await publisher.getByRole('combobox', { name: 'Publication' }).click();
    await publisher.getByRole('option', { name: 'Keep unpublished (draft)' }).click();
    await shot(publisher, 'upload');
    await publisher.getByRole('button', { name: 'Upload 3 files' }).click();
    await expect.poll(() => publisher.getByText('Uploaded', { exact: true }).count(), { timeout: 60_000 }).toBe(3);
    await expectCustomerSees([]);

    await publisher.getByRole('searchbox', { name: 'Search' }).fill(word);
    await expect.poll(() => publisher.getByRole('button', { name: /^Actions for / }).count(), { timeout: 15_000 }).toBe(3);
    const { body } = await apiGet<{ items: Array<{ id: string; title: string; state: string }> }>(publisher, `/api/Admin/documents?q=${word}`);
    for (const item of body.items) documentIds.set((Object.keys(titles) as Name[]).find((name) => titles[name] === item.title)!, item.id);
    expect(body.items.map((item) => item.state)).toEqual(['unpublished', 'unpublished', 'unpublished']);

    // Publish one now.
    await rowAction('alpha', 'Publish');
    await expectCustomerSees(['alpha']);

    // A new version of the published one.
    await rowAction('alpha', 'New version');
    await dialog().locator('input[type="file"]').setInputFiles(join(files, 'gamma.pdf'));
    await dialog().getByLabel('Change note').fill('New wiring diagram');
    await shot(publisher, 'new-version-dialog');
    await dialog().getByRole('button', { name: 'Add version' }).click();
    await closedDialog();
    await expect.poll(async () => {
      const { body: found } = await apiGet<{ items: VisibleDocument[] }>(customer, `/api/Content/search?q=${word}&pageSize=50`);
      return found.items.find((item) => item.title === titles.alpha)?.resourceVersion;
    }, { timeout: 15_000 }).toBe('B');

    // Restrict it to another customer account, picked by its id: the customer no longer sees it.
    await rowAction('alpha', 'Access…');
    await dialog().getByRole('button', { name: 'Save access' }).waitFor({ timeout: 15_000 });
    await dialog().getByRole('radio', { name: /^Restricted/ }).check();
    const accounts = dialog().getByRole('combobox', { name: 'Accounts' });
    await accounts.fill('OTHER-042');
    await publisher.getByRole('option', { name: 'Use “OTHER-042”' }).click();
    await shot(publisher, 'access-dialog');
    await dialog().getByRole('button', { name: 'Save access' }).click();
    await closedDialog();
    await row('alpha').getByText('Restricted (1 rule)').waitFor({ timeout: 15_000 });
    await expectCustomerSees([]);

    // A named-user grant, picked from the users and saved with the dialog's one button, lets the customer in.
    await rowAction('alpha', 'Access…');
    const user = dialog().getByRole('combobox', { name: 'User' });
    await user.fill('carla');
    await publisher.getByRole('option', { name: `Carla Customer · ${demoAccounts.customer}` }).click();
    await dialog().getByRole('button', { name: 'Add' }).click();
    await dialog().getByText('Added on save').waitFor();
    await shot(publisher, 'access-dialog-grant');
    await dialog().getByRole('button', { name: 'Save access' }).click();
    await closedDialog();
    await expectCustomerSees(['alpha']);

    // Revoking it takes them out again.
    await rowAction('alpha', 'Access…');
    await dialog().getByRole('button', { name: `Revoke access of ${demoAccounts.customer}` }).click();
    await dialog().getByText('Revoked on save').waitFor();
    await dialog().getByRole('button', { name: 'Save access' }).click();
    await closedDialog();
    await expectCustomerSees([]);

    // Schedule one at the first whole minute at least half a minute ahead (the input has minutes), after
    // the steps above so that they never see it published.
    const at = new Date(Date.now() + 30_000 + 59_999);
    at.setUTCSeconds(0, 0);
    await rowAction('beta', 'Publish at…');
    await dialog().getByLabel('Publication date and time').fill(inputValue(at));
    await shot(publisher, 'schedule-dialog');
    await dialog().getByRole('button', { name: 'Schedule' }).click();
    await closedDialog();
    await row('beta').getByText(/^Scheduled /).waitFor();
    await shot(publisher, 'documents-scheduled');
    await expectCustomerSees([]);

    // Bulk edit of the selection (the draft and the scheduled one): the dialog, then left unchanged.
    await publisher.getByRole('checkbox', { name: `Select ${titles.gamma}` }).check();
    await publisher.getByRole('checkbox', { name: `Select ${titles.beta}` }).check();
    await publisher.getByTestId('bulk-actions').getByRole('button', { name: 'Edit…' }).click();
    await dialog().getByText('Edit 2 documents').waitFor();
    await shot(publisher, 'bulk-edit-dialog');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await closedDialog();

    // The scheduled one appears at its time, through the job (which may queue behind the demo content's previews on a busy machine).
    const wait = at.getTime() - Date.now() + 120_000;
    await expectCustomerSees(['beta'], Math.max(wait, 120_000));
    await publisher.reload();
    await row('beta').getByText('Published', { exact: true }).waitFor({ timeout: 15_000 });

    // Unpublished: gone again.
    await rowAction('beta', 'Unpublish');
    await expectCustomerSees([]);
    await shot(publisher, 'documents-final');
  });

  it('shows the admin every step in the audit log and in its CSV', async () => {
    await signIn(admin, baseUrl, demoAccounts.admin, '/admin/audit');
    const expected: Record<Name, string[]> = {
      alpha: ['publish', 'version', 'audience', 'grant', 'revoke'],
      beta: ['publish', 'unpublish'],
      gamma: ['publish'],
    };
    const labels: Record<string, string> = {
      publish: 'Published it for readers.', version: 'Uploaded a new version.', audience: 'Changed who may see it.', grant: 'Granted access.', revoke: 'Revoked access.', unpublish: 'Withdrew it from readers.',
    };
    for (const name of Object.keys(expected) as Name[]) {
      const id = documentIds.get(name)!;
      await admin.getByLabel('Object id').fill(id);
      await admin.getByRole('button', { name: 'Apply filters' }).click();
      const table = admin.getByRole('table').first();
      for (const action of expected[name]) await table.getByText(labels[action]!, { exact: true }).first().waitFor({ timeout: 15_000 });
      if (name === 'alpha') await shot(admin, 'audit-log');

      const csv = (await downloadBy(admin, admin.getByRole('button', { name: 'Export CSV' }))).bytes.toString('utf8');
      const actions = csv.split(/\r?\n/).flatMap((line) => (line.includes(`,document,${id},`) ? [line.split(`,document,${id},`)[0]!.split(',').at(-1)!] : []));
      for (const action of expected[name]) expect(actions).toContain(action);
      if (name === 'beta') {
        // Created, scheduled, published by the job (under the publisher's name), unpublished.
        expect(actions.filter((action) => action === 'publish')).toHaveLength(3);
        expect(csv).toContain('scheduled publication');
      }
    }
  });

  it('gives the customer the not-authorized page at /admin', async () => {
    await customer.goto(`${baseUrl}/admin`);
    await customer.getByTestId('access-denied-dialog').waitFor({ timeout: 20_000 });
    await shot(customer, 'customer-not-authorized');
  });
});
