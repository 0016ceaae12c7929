import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startPortal, type RunningPortal } from '../support/portal-server.ts';
import { demoAccounts, submitSignInForm } from '../support/sign-in.ts';

const phone = { width: 390, height: 844 };
let browser: Browser;
let portal: RunningPortal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({ MAINTENANCE_UNTIL: '2030-01-02T03:04:05Z', SEED_DEMO: 'false' });
});
afterAll(async () => {
  await portal?.stop();
  await browser?.close();
});

describe('maintenance: staff at work, customers on the maintenance page (issue 32)', () => {
  it('lets the admin work in the console, with a banner saying until when customers see the maintenance page', async () => {
    for (const [name, viewport] of [['1280', { width: 1280, height: 860 }], ['390', phone]] as const) {
      const context = await newContext(browser, { viewport, timezoneId: 'UTC' });
      const page = await context.newPage();
      await page.goto(`${portal.baseUrl}/admin/documents`);
      await submitSignInForm(page, demoAccounts.admin);
      await page.waitForURL(/\/admin\/documents/);
      const banner = page.getByTestId('maintenance-staff-banner');
      await banner.waitFor();
      // Intl may put a narrow no-break space before AM/PM.
      expect((await banner.textContent())?.replace(/\s/g, ' ')).toContain('Maintenance mode is on until Jan 2, 2030, 3:04 AM UTC — customers see the maintenance page.');
      expect(page.url()).not.toContain('under-maintenance');
      await screenshot(page, `maintenance-staff-console-${name}`);
      await banner.getByRole('link', { name: 'End maintenance' }).click();
      await page.waitForURL(/\/admin\/jobs/);
      await expect.poll(() => page.getByTestId('maintenance-state').textContent()).toContain('2030');
      await context.close();
    }
  });

  it('shows a publisher in the console and an employee on the portal the banner too, the end in their own time zone', async () => {
    for (const [who, path] of [['publisher', '/admin/documents'], ['employee', '/']] as const) {
      const context = await newContext(browser, { viewport: phone, timezoneId: 'America/New_York' });
      const page = await context.newPage();
      await page.goto(`${portal.baseUrl}${path}`);
      await submitSignInForm(page, demoAccounts[who]);
      const banner = page.getByTestId('maintenance-staff-banner');
      await banner.waitFor();
      // 2030-01-02T03:04:05Z is the evening before in New York.
      expect((await banner.textContent())?.replace(/\s/g, ' '), who).toContain('Maintenance mode is on until Jan 1, 2030, 10:04 PM EST — customers see the maintenance page.');
      expect(await banner.getByRole('link', { name: 'End maintenance' }).count(), who).toBe(0);
      expect(page.url(), who).not.toContain('under-maintenance');
      await screenshot(page, `maintenance-staff-${who}-390`);
      await context.close();
    }
  });

  it('shows a customer the maintenance page, the end in YYYY-MM-DD HH:mm:ss with its time zone beside it', async () => {
    for (const [name, viewport] of [['1280', { width: 1280, height: 860 }], ['390', phone]] as const) {
      const context = await newContext(browser, { viewport, timezoneId: 'UTC' });
      const page = await context.newPage();
      await page.goto(`${portal.baseUrl}/`);
      await submitSignInForm(page, demoAccounts.customer);
      await page.waitForURL(/\/under-maintenance\?nextAvailability=/);
      await expect.poll(() => page.getByTestId('next-availability').textContent()).toBe('2030-01-02 03:04:05');
      expect(await page.getByTestId('next-availability-zone').textContent()).toMatch(/UTC/);
      expect(await page.getByTestId('maintenance-staff-banner').count()).toBe(0);
      await screenshot(page, `maintenance-staff-customer-${name}`);
      await context.close();
    }
  });
});
