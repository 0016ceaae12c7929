import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * The unit label (issue 25, item 4) as Chromium lays it out: for the longest serial the schema allows
 * (64 characters), every text's bounding box lies inside the label, right of the QR code's frame,
 * and the serial's lines put together are the whole serial. Then the public view the label's link
 * opens on a signed-out phone.
 */

const baseUrl = inject('baseUrl');
/** 64 characters, the longest serial (packages/contracts units.ts), on an account no other spec uses. */
const serial = `LBL-${'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(2)}`.slice(0, 64);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, demoAccounts.admin);
});
afterAll(() => browser?.close());

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string }).accessToken ?? '');
  return fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

interface Box { role: string; x: number; y: number; width: number; height: number; lines: string[] }

describe('unit label', () => {
  it('shows the whole of the longest serial and the model inside the label, right of the QR code', async () => {
    expect(serial).toHaveLength(64);
    const csv = `serialNumber,model,options,account,shippedAt,site,partners\n${serial},ARM6,,LABEL-TEST,2025-01-01,,`;
    const imported = await api('/api/Admin/units/import', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(imported.status).toBe(200);
    const svg = await (await api(`/api/Units/${serial}/label.svg`)).text();
    expect(svg).toMatch(/width="100mm" height="50mm" viewBox="0 0 100 50"/);

    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('svg text')].map((text) => {
        const box = (text as SVGTextElement).getBBox();
        return { role: text.getAttribute('data-role') ?? '', x: box.x, y: box.y, width: box.width, height: box.height, lines: [...text.querySelectorAll('tspan')].map((line) => line.textContent ?? '') };
      }),
    );
    const frame = await page.evaluate(() => {
      const { x, width } = (document.querySelector('[data-role="iec-61406-frame"]') as SVGGElement).getBBox();
      return { x, width };
    });
    expect(frame.width).toBeGreaterThan(40);
    await screenshot(page, 'unit-label-longest-serial');

    const byRole = new Map<string, Box>(boxes.map((box) => [box.role, box]));
    expect(byRole.get('serial')!.lines.join('')).toBe(serial);
    expect(byRole.get('model')!.lines.join(' ')).toBe('Six-axis robot ARM-6');
    for (const box of boxes) {
      expect(box.x, box.role).toBeGreaterThanOrEqual(frame.x + frame.width);
      expect(box.y, box.role).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, box.role).toBeLessThanOrEqual(100);
      expect(box.y + box.height, box.role).toBeLessThanOrEqual(50);
    }
    // Top to bottom without overlapping: model, caption, serial, caption, link.
    const ordered = ['model', 'serial-caption', 'serial', 'link-caption', 'link'].map((role) => byRole.get(role)!);
    for (let index = 1; index < ordered.length; index++) expect(ordered[index]!.y, ordered[index]!.role).toBeGreaterThanOrEqual(ordered[index - 1]!.y + ordered[index - 1]!.height - 0.01);
  });

  it('opens its identification link on a signed-out phone with the serial, the maker and the model', async () => {
    const phone = await (await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await phone.goto(`${baseUrl}/id/${serial}`);
    await phone.waitForURL(`${baseUrl}/units/${serial}/public`);
    await phone.getByTestId('public-unit-model').waitFor();
    expect(await phone.getByTestId('public-unit-serial').textContent()).toBe(serial);
    expect(await phone.getByTestId('public-unit-model').textContent()).toBe('Six-axis robot ARM-6');
    expect(await phone.getByTestId('public-unit').textContent()).not.toContain('LABEL-TEST');
    // Nothing wider than the phone: the 64-character serial wraps.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = phone.getByTestId('public-unit-sign-in');
    expect(await button.textContent()).toBe("Sign in to see this machine's documents");
    expect(await button.evaluate((element) => [...element.querySelectorAll('*')].every((child) => child.scrollWidth <= child.clientWidth + 1))).toBe(true);
    await screenshot(phone, 'unit-public-view-phone');
    await phone.context().close();
  });
});
