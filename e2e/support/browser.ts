import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Where screenshots of every visited state are written, to be looked at after a run. */
export const screenshotDir = resolve(import.meta.dirname, '../test-output/screenshots');

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, never a downloaded browser build. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Playwright gives each launch a fresh temporary profile of its own (it refuses --user-data-dir).
    args: chromiumFlags,
  });
}

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US', acceptDownloads: true, ...options });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Switches the portal's colour scheme through its persisted preferences; the next page load applies it. */
export async function setColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((scheme) => {
    const key = 'portal.preferences';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{"language":null},"version":0}') as { state: Record<string, unknown> };
    localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, colorScheme: scheme } }));
  }, colorScheme);
}
