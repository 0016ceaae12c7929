import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext, screenshot, setColorScheme } from '../support/browser.ts';
import { apiGet, type VisibleDocument } from '../support/demo-documents.ts';
import { overflowsSideways } from '../support/downloads.ts';
import { startPortal, waitForDemoContent, type RunningPortal } from '../support/portal-server.ts';
import { demoAccounts, signIn, submitSignInForm } from '../support/sign-in.ts';

/*
 * Users and accounts in the console (issue 32 item 2): an admin creates a local user and grants him a restricted
 * document through the access dialog's user picker; he signs in with that password and finds it. The users and
 * accounts pages are drawn without serious axe violations in both themes and fit a phone (1280 and 390 px).
 */

// A portal of its own: the user and the grant made here would change what other specs see.
let portal: RunningPortal | undefined;
let baseUrl = '';
let browser: Browser;
let admin: Page;
const nils = { email: 'nils.local@example.com', name: 'Nils Local', password: 'nils has a long password' };
const restrictedTitle = 'ACME welding cell - Layout drawing';

const dialog = () => admin.getByRole('dialog');
async function shot(page: Page, name: string): Promise<void> {
  // Dialogs fade in: the picture is taken once they are opaque.
  await page.waitForTimeout(400);
  await screenshot(page, `users-console-${name}`);
}

/** The titles the signed-in page's user finds for `q`. */
async function titlesFound(page: Page, q: string): Promise<string[]> {
  const { status, body } = await apiGet<{ items: VisibleDocument[] }>(page, `/api/Content/search?q=${encodeURIComponent(q)}&pageSize=50`);
  expect(status).toBe(200);
  return body.items.map((item) => item.title);
}

beforeAll(async () => {
  portal = await startPortal();
  await waitForDemoContent(portal.dataDir);
  baseUrl = portal.baseUrl;
  browser = await launchBrowser();
  admin = await (await newContext(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC', bypassCSP: true })).newPage();
  await signIn(admin, baseUrl, demoAccounts.admin, '/admin/users');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('users and accounts in the console', () => {
  it('an admin creates a local user and grants him a document through the picker; he signs in and sees it', { timeout: 240_000 }, async () => {
    // The users page: the demo users seen so far, the admin among them.
    await admin.getByRole('button', { name: 'Edit Adam Admin' }).waitFor({ timeout: 30_000 });
    await shot(admin, 'users-1280');
    await admin.getByRole('button', { name: 'New user' }).click();
    await dialog().getByRole('textbox', { name: 'E-mail' }).fill(nils.email);
    await dialog().getByRole('textbox', { name: 'Name' }).fill(nils.name);
    await dialog().getByLabel(/^Password/).fill(nils.password);
    await shot(admin, 'new-user-dialog-1280');
    await dialog().getByRole('button', { name: 'Create user' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 15_000 });
    const row = admin.getByRole('row').filter({ hasText: nils.email });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Local account');
    expect(await row.textContent()).toContain('Never');

    // He signs in with the password the admin chose, and does not find the ACME drawing yet.
    const nilsPage = await (await newContext(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' })).newPage();
    await nilsPage.goto(`${baseUrl}/`);
    await submitSignInForm(nilsPage, nils.email, nils.password);
    await nilsPage.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login/callback'));
    expect(await titlesFound(nilsPage, 'welding cell layout')).not.toContain(restrictedTitle);

    // The admin grants it to him, picked by name in the access dialog, saved with its one button.
    await admin.goto(`${baseUrl}/admin/documents`);
    await admin.getByRole('searchbox', { name: 'Search' }).fill('welding cell');
    await admin.getByRole('button', { name: `Actions for ${restrictedTitle}` }).click();
    await admin.getByRole('menuitem', { name: 'Access…', exact: true }).click();
    await dialog().getByRole('button', { name: 'Save access' }).waitFor({ timeout: 15_000 });
    await dialog().getByRole('combobox', { name: 'User' }).fill('nils');
    await admin.getByRole('option', { name: `${nils.name} · ${nils.email}` }).click();
    await dialog().getByRole('button', { name: 'Add' }).click();
    await dialog().getByText('Added on save').waitFor();
    await shot(admin, 'access-dialog-picked-1280');
    await dialog().getByRole('button', { name: 'Save access' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 15_000 });

    // He finds it now, and opens it from the resources page.
    await expect.poll(() => titlesFound(nilsPage, 'welding cell layout'), { timeout: 20_000 }).toContain(restrictedTitle);
    await nilsPage.goto(`${baseUrl}/resources?q=${encodeURIComponent('welding cell layout')}`);
    await nilsPage.getByTestId('result-card').filter({ hasText: restrictedTitle }).first().waitFor({ timeout: 30_000 });
    await screenshot(nilsPage, 'users-console-granted-user-sees-it-1280');
    await nilsPage.context().close();

    // His sign-in shows on the users page, in the reader's date format.
    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByRole('textbox', { name: 'Search' }).fill('nils');
    await expect.poll(async () => admin.getByRole('row').filter({ hasText: nils.email }).textContent(), { timeout: 15_000 }).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it('keeps the demo accounts with their serving partner on the accounts page, and its dialog has one save button', { timeout: 60_000 }, async () => {
    await admin.goto(`${baseUrl}/admin/accounts`);
    const acme = admin.getByRole('row').filter({ hasText: 'ACME-001' });
    await acme.waitFor({ timeout: 30_000 });
    expect(await acme.textContent()).toContain('Served by: Rhône Robotics Service');
    await shot(admin, 'accounts-1280');
    await admin.getByRole('button', { name: 'Edit ACME Manufacturing' }).click();
    await dialog().getByText('Rhône Robotics Service (PARTNER-01)').waitFor();
    expect(await dialog().getByRole('button', { name: /save|create/i }).count()).toBe(1);
    await shot(admin, 'account-dialog-1280');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (scheme) => {
    beforeAll(async () => {
      await setColorScheme(admin, scheme);
    });
    afterAll(async () => {
      await setColorScheme(admin, 'light');
    });

    for (const [name, path, ready] of [
      ['users', '/admin/users', 'Edit Adam Admin'],
      ['accounts', '/admin/accounts', 'Edit ACME Manufacturing'],
    ] as const) {
      it(`${name}: no serious or critical violation at 1280 px, and no sideways scrolling at 390 px`, { timeout: 60_000 }, async () => {
        await admin.setViewportSize({ width: 1280, height: 900 });
        await admin.goto(`${baseUrl}${path}`);
        await admin.getByRole('button', { name: ready }).waitFor({ timeout: 30_000 });
        expect(await admin.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
        expect(await seriousViolations(admin)).toEqual([]);
        await screenshot(admin, `users-console-${scheme}-${name}-1280`);

        await admin.setViewportSize({ width: 390, height: 844 });
        await admin.goto(`${baseUrl}${path}`);
        await admin.getByRole('button', { name: ready }).waitFor({ timeout: 30_000 });
        expect(await overflowsSideways(admin)).toBe(false);
        expect(await seriousViolations(admin)).toEqual([]);
        await screenshot(admin, `users-console-${scheme}-${name}-390`);
      });
    }
  });
});
