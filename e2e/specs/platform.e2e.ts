import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startPortal, type RunningPortal } from '../support/portal-server.ts';
import { demoAccounts, signIn, submitSignInForm } from '../support/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
}

describe('platform', () => {
  it('signs in with PKCE as the demo customer, navigates every route and signs out to the root', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const authorizeUrls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/oidc/auth')) authorizeUrls.push(url);
    });

    await page.goto(`${baseUrl}/resources`);
    await submitSignInForm(page, demoAccounts.customer);
    await page.waitForURL(`${baseUrl}/resources`);

    expect(authorizeUrls.length).toBeGreaterThan(0);
    const authorize = authorizeUrls[0].searchParams;
    expect(authorize.get('response_type')).toBe('code');
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(authorize.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, path] of [
      ['Home', '/'],
      ['Resources', '/resources'],
      ['Software', '/software'],
      ['CAD files', '/cadFiles/robotConfigurator'],
      ['Favourites', '/favorites'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      expect(await heading(page)).not.toBe('');
      await screenshot(page, `platform-${name.toLowerCase().replace(' ', '-')}`);
    }
    for (const path of ['/cadFiles/partnersLibraries', '/cadFiles/downloadshistory']) {
      await page.goto(`${baseUrl}${path}`);
      expect(await heading(page)).not.toBe('');
    }
    await screenshot(page, 'platform-downloads-history');

    await page.getByRole('button', { name: /^User menu/ }).click();
    await expect.poll(() => page.getByTestId('user-name').textContent()).not.toBe('');
    await screenshot(page, 'platform-user-menu');
    const rootLoaded = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === `${baseUrl}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider asks before it ends the session (a bare link from another site cannot sign anyone out).
    await page.getByRole('button', { name: 'Yes, sign out' }).click();
    await rootLoaded;
    // Back at the root without a session, the portal asks for sign-in again.
    await page.locator('input[name="email"]').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
    await screenshot(page, 'platform-signed-out-sign-in-page');
    await context.close();
  });

  it('sends the account the provider refuses to /access-denied', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await submitSignInForm(page, demoAccounts.refused);
    await page.waitForURL(`${baseUrl}/access-denied`);
    await expect.poll(() => page.getByText('Oops !').count()).toBe(1);
    expect(await page.getByText('You are not authorized to access to this app...').count()).toBe(1);
    await screenshot(page, 'platform-access-denied');
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/no/such/page`);
    await expect.poll(() => heading(page)).toBe('Page not found');
    await screenshot(page, 'platform-not-found');
    await context.close();
  });

  it('speaks French in fr-FR and keeps dark mode across a reload', async () => {
    const context = await newContext(browser, { locale: 'fr-FR' });
    const page = await context.newPage();
    await signIn(page, baseUrl, demoAccounts.partner, '/resources');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect.poll(() => nav.getByRole('link', { name: 'Ressources' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await screenshot(page, 'platform-fr-FR');

    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByRole('button', { name: 'Passer en mode sombre' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await screenshot(page, 'platform-dark');
    await context.close();
  });
});

describe('maintenance', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal({ MAINTENANCE_UNTIL: '2030-01-02T03:04:05Z', SEED_DEMO: 'false' });
  });
  afterAll(() => portal?.stop());

  it('lands on /under-maintenance with the next availability', async () => {
    const context = await newContext(browser, { timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await submitSignInForm(page, demoAccounts.customer);
    await page.waitForURL(/\/under-maintenance\?nextAvailability=/);
    expect(new URL(page.url()).searchParams.get('nextAvailability')).toBe('2030-01-02T03:04:05.000Z');
    await expect.poll(() => page.getByText('2030-01-02 03:04:05').count()).toBe(1);
    await screenshot(page, 'platform-maintenance');
    await context.close();
  });
});
