import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { chromiumFlags } from '../e2e/support/browser.ts';
import { startPortal, waitForDemoContent } from '../e2e/support/portal-server.ts';
import { demoAccounts, demoPassword } from '../e2e/support/sign-in.ts';
import { numberOption, option } from './support/args.ts';
import { waitForBackgroundJobs } from '../e2e/support/background-jobs.ts';
import { machineSummary } from './support/machine.ts';
import { loadAverage, processorModel } from './support/processor.ts';

/*
 * Issues #4 and #16: Lighthouse performance of the resources page, desktop preset: a score of at
 * least 95 and Total Blocking Time of at most 150 ms. The real portal (built web app, demo seed) on
 * a free port; Debian's Chromium launched by chrome-launcher with the end-to-end tests' flags. The
 * page needs a signed-in user whose tokens live in the tab's session storage, so puppeteer signs in
 * first in the very tab Lighthouse then audits, and Lighthouse is told not to clear storage.
 *
 * A first start seeds the demo and queues its preview jobs (LibreOffice, pdf.js, ffmpeg, sharp),
 * which would compete with the browser for the processor: the bench waits until the jobs table has
 * none queued or running. The processor and the load average are printed with each run, since
 * Total Blocking Time grows with any other work on the machine.
 *
 *   npm run build -w @portal/web && npx tsx bench/lighthouse.ts [--runs 5] [--path /resources]
 *     [--dist <a web build to serve instead of apps/web/dist>] [--save <folder for each run's report>]
 */

const runs = numberOption('runs', 5);
const path = option('path', '/resources');
const dist = option('dist', '');
const saveDir = option('save', '');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], unit = '') =>
  `median ${median(values)}${unit}, min ${Math.min(...values)}${unit}, max ${Math.max(...values)}${unit} (${values.join(', ')})`;

const portal = await startPortal(dist ? { WEB_DIST_DIR: resolve(dist) } : {});
await waitForDemoContent(portal.dataDir);
const waitedMs = await waitForBackgroundJobs(portal.dataDir);
console.log(`background jobs done (waited ${(waitedMs / 1000).toFixed(0)} s); load average (1 min) ${loadAverage()}`);
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
  if (saveDir) mkdirSync(saveDir, { recursive: true });

  const scores: number[] = [];
  const blocking: number[] = [];
  const details: string[] = [];
  let version = '';
  for (let run = 0; run < runs; run += 1) {
    const loadBefore = loadAverage();
    const result = await lighthouse(
      `${portal.baseUrl}${path}`,
      { disableStorageReset: true, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
      desktopConfig,
      page,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    version = lhr.lighthouseVersion;
    if (saveDir) writeFileSync(join(saveDir, `run-${run + 1}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) {
      details.push(`run ${run + 1}: no score, Lighthouse failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
      continue;
    }
    if (lhr.finalDisplayedUrl !== `${portal.baseUrl}${path}`) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not on the signed-in page`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    scores.push(score);
    blocking.push(tbt);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'largest-contentful-paint-element', 'long-tasks']) {
        console.log(id, JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items?.slice(0, 8)));
      }
    }
    details.push(
      `run ${run + 1}: ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
        `TBT ${tbt} ms, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}); load average (1 min) ${loadBefore} before, ${loadAverage()} after`,
    );
  }
  await browser.disconnect();

  console.log(`${machineSummary()}`);
  console.log(`processor: ${processorModel()}; load average (1 min) at the end: ${loadAverage()}`);
  console.log(`Lighthouse ${version}, desktop preset, ${path} as the demo customer${dist ? `, build ${dist}` : ''}`);
  for (const line of details) console.log(line);
  if (scores.length > 0) {
    console.log(`Performance score: ${spread(scores)}`);
    console.log(`Total Blocking Time: ${spread(blocking, ' ms')}`);
  }
} finally {
  chrome.kill();
  await portal.stop();
}
