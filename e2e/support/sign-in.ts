import type { Page } from 'playwright-core';

export const demoPassword = 'demo1234';

export const demoAccounts = {
  customer: 'customer@demo.example',
  partner: 'partner@demo.example',
  employee: 'employee@demo.example',
  publisher: 'publisher@demo.example',
  admin: 'admin@demo.example',
  refused: 'refused@demo.example',
} as const;

/** Fills the embedded provider's sign-in page, which the portal redirects to. */
export async function submitSignInForm(page: Page, email: string, password = demoPassword): Promise<void> {
  const emailField = page.locator('input[name="email"]');
  await emailField.waitFor();
  await emailField.fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Opens `path` in the portal, signs in through the real provider and waits to be back on `path`. */
export async function signIn(page: Page, baseUrl: string, email: string, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await submitSignInForm(page, email);
  await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/login/callback') && !url.pathname.startsWith('/oidc'));
}
