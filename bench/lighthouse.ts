import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { chromiumFlags } from '../e2e/support/browser.ts';
import { startPortal, waitForDemoContent } from '../e2e/support/portal-server.ts';
import { demoAccounts, demoPassword } from '../e2e/support/sign-in.ts';
import { numberOption, option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';

/*
 * Issue #4: Lighthouse performance of the resources page, desktop preset, at least 95. The real
 * portal (built web app, demo seed) on a free port; Debian's Chromium launched by chrome-launcher
 * with the end-to-end tests' flags. The page needs a signed-in user whose tokens live in the tab's
 * session storage, so puppeteer signs in first in the very tab Lighthouse then audits, and
 * Lighthouse is told not to clear storage.
 *
 *   npm run build -w @portal/web && npx tsx bench/lighthouse.ts [--runs 3] [--path /resources]
 */

const runs = numberOption('runs', 3);
const path = option('path', '/resources');

const portal = await startPortal();
await waitForDemoContent(portal.dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // chrome-launcher adds its own --user-data-dir and --remote-debugging-port.
  chromeFlags: chromiumFlags,
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  await page.goto(`${portal.baseUrl}${path}`);
  await page.waitForSelector('input[name="email"]');
  await page.type('input[name="email"]', demoAccounts.customer);
  await page.type('input[name="password"]', demoPassword);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await page.waitForSelector('[data-testid="result-card"]', { timeout: 60_000 });

  const scores: number[] = [];
  const details: string[] = [];
  let version = '';
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(
      `${portal.baseUrl}${path}`,
      { disableStorageReset: true, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
      desktopConfig,
      page,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    version = lhr.lighthouseVersion;
    if (lhr.runtimeError) {
      details.push(`run ${run + 1}: no score, Lighthouse failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
      continue;
    }
    if (lhr.finalDisplayedUrl !== `${portal.baseUrl}${path}`) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not on the signed-in page`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    scores.push(score);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'largest-contentful-paint-element', 'long-tasks']) {
        console.log(id, JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items?.slice(0, 8)));
      }
    }
    details.push(
      `run ${run + 1}: ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
        `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')})`,
    );
  }
  await browser.disconnect();

  console.log(`${machineSummary()}; load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`);
  console.log(`Lighthouse ${version}, desktop preset, ${path} as the demo customer`);
  for (const line of details) console.log(line);
  const sorted = [...scores].sort((a, b) => a - b);
  console.log(`Performance scores: ${scores.join(', ')} (median ${sorted[Math.floor(sorted.length / 2)] ?? 'none'})`);
} finally {
  chrome.kill();
  await portal.stop();
}
