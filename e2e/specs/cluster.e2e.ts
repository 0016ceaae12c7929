import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generatePdf } from '../../apps/api/src/demo/generate-pdf.ts';
import { multipartBody } from '../../apps/api/src/platform/uploads/multipart-body.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startCluster, type ApiProcess, type RunningCluster } from '../support/cluster/cluster.ts';
import { demoAccounts, signIn } from '../support/sign-in.ts';

/*
 * Two API processes and a worker behind nginx on PostgreSQL, Redis and s3rver (docs/deployment.md's
 * topology on one machine). The tests run in order: each one goes on from the state the last left.
 */

let cluster: RunningCluster;
let browser: Browser;
let adminPage: Page;

/** A word only the uploaded PDF's body holds (never its title), different in every run. */
const bodyWord = `quillon${randomInt(100_000, 999_999)}`;
const uploadedPdf = await generatePdf({
  title: 'Cluster check sheet',
  subtitle: 'CLUSTER',
  sections: [{ heading: 'Scope', paragraphs: [`The ${bodyWord} bracket holds the sensor.`] }],
});
let uploadedId = '';

beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
});

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('portal.session') ?? '{}') as { accessToken?: string }).accessToken ?? '');
}

async function countRows(table: string): Promise<number> {
  const [row] = await cluster.database.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return row?.count ?? 0;
}

interface SearchAnswer {
  total: number;
  items: Array<{ id: string; thumbnailUrl: string | null }>;
}

async function searchOn(baseUrl: string, token: string, word: string): Promise<SearchAnswer> {
  const response = await fetch(`${baseUrl}/api/Content/search?q=${word}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

/** The bytes of the document's signed download, asked for and fetched at `baseUrl`. */
async function downloadOn(baseUrl: string, token: string, documentId: string): Promise<Buffer> {
  const signed = await fetch(`${baseUrl}/api/Content/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([documentId]),
  });
  expect(signed.status).toBe(200);
  const [{ downloadUrl }] = (await signed.json()) as Array<{ downloadUrl: string }>;
  const file = await fetch(onProcess(baseUrl, downloadUrl));
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

/** A URL the portal signed (relative, or absolute on PUBLIC_URL), sent to the process at `baseUrl` instead. */
function onProcess(baseUrl: string, url: string): string {
  const parsed = new URL(url, baseUrl);
  return `${baseUrl}${parsed.pathname}${parsed.search}`;
}

describe('two API processes and a worker behind nginx', () => {
  it('signs a user in through the balancer, the sign-in steps landing on both processes', async () => {
    const before = (await cluster.balancer.requests()).length;
    adminPage = await (await newContext(browser)).newPage();
    await signIn(adminPage, cluster.url, demoAccounts.admin, '/resources');
    const signInSteps = (await cluster.balancer.requests()).slice(before).filter((request) => request.path.startsWith('/oidc/'));
    expect(signInSteps.length).toBeGreaterThanOrEqual(4);
    expect(signInSteps.every((request) => request.status < 500)).toBe(true);
    expect(new Set(signInSteps.map((request) => request.upstreamPort))).toEqual(new Set(cluster.apis.map((api) => api.port)));
    expect(await accessToken(adminPage)).not.toBe('');
  }, 120_000);

  it('finds a PDF uploaded through one process by a word of its body on the other, with its thumbnail and its exact bytes', async () => {
    const token = await accessToken(adminPage);
    const [one, other] = cluster.apis;
    // Searched on the other process first: an answer it cached must not hide the upload.
    expect((await searchOn(other.directUrl, token, bodyWord)).total).toBe(0);

    // The document types come with the demo seed's first step.
    await expect
      .poll(async () => (await cluster.database.query("SELECT 1 FROM document_types WHERE code = 'manual'")).length, { timeout: 30_000, interval: 250 })
      .toBe(1);
    const { payload, headers } = multipartBody([
      { name: 'metadata', value: JSON.stringify({ serviceRef: 'D90000001', title: 'Cluster check sheet', typeCode: 'manual', languageCode: 'en', products: [], status: 'published' }) },
      { name: 'file', filename: 'cluster-check.pdf', content: uploadedPdf, contentType: 'application/pdf' },
    ]);
    const created = await fetch(`${one.directUrl}/api/Admin/documents`, { method: 'POST', body: new Uint8Array(payload), headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(created.status, await created.clone().text()).toBe(201);
    uploadedId = ((await created.json()) as { id: string }).id;

    // The worker extracts the text and draws the thumbnail; the other process learns of it through the cache bus.
    // Uploaded while the first start's demo seed still generates its files: its preview jobs queue behind these.
    let found: SearchAnswer['items'][number] | undefined;
    await expect
      .poll(async () => {
        found = (await searchOn(other.directUrl, token, bodyWord)).items.find((item) => item.id === uploadedId && item.thumbnailUrl);
        return found !== undefined;
      }, { timeout: 60_000, interval: 500 })
      .toBe(true);
    const thumbnail = await fetch(onProcess(other.directUrl, found!.thumbnailUrl!));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await thumbnail.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await downloadOn(other.directUrl, token, uploadedId)).equals(Buffer.from(uploadedPdf))).toBe(true);
  }, 120_000);

  it('lets a second worker finish the job a killed worker was running', async () => {
    const [first] = cluster.workers;
    const lockedByFirst = `%:${first!.pid}:%`;
    // The demo seed's previews keep the worker busy (they queue up as the seed goes): it is killed in the middle of one.
    await expect
      .poll(async () => (await cluster.database.query(`SELECT id FROM jobs WHERE status = 'running' AND "lockedBy" LIKE $1`, [lockedByFirst])).length, {
        timeout: 90_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    await first!.kill('SIGKILL');
    const abandoned = await cluster.database.query<{ id: string }>(`SELECT id FROM jobs WHERE status = 'running' AND "lockedBy" LIKE $1`, [lockedByFirst]);
    expect(abandoned.length).toBeGreaterThan(0);

    cluster.startWorker();
    const ids = abandoned.map((job) => job.id);
    await expect
      .poll(async () => cluster.database.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs WHERE id = ANY($1)`, [ids]), {
        timeout: 90_000,
        interval: 250,
      })
      .toEqual(ids.map(() => ({ status: 'done', attempts: 2 })));
  }, 150_000);

  it('seeds the demo content once, not once per process', async () => {
    const demoContent = async (api: ApiProcess) => ((await (await fetch(`${api.directUrl}/healthz`)).json()) as { demoContent: string }).demoContent;
    await expect.poll(async () => Promise.all(cluster.apis.map(demoContent)), { timeout: 150_000, interval: 1_000 }).toEqual(['ready', 'ready']);
    const seedReports = cluster.apis.flatMap((api) => api.log().split('\n').filter((line) => line.includes('"msg":"demo content seeded"')));
    expect(seedReports).toHaveLength(1);
    expect(JSON.parse(seedReports[0]!)).toMatchObject({ failed: 0, refused: 0 });
    // The same seed in one process: the suite's SQLite portal. This run added one document of its own.
    const reference = new DatabaseSync(join(inject('dataDir'), 'portal.sqlite'), { readOnly: true });
    try {
      for (const table of ['documents', 'document_versions', 'software_items', 'software_versions', 'cad_families', 'cad_models']) {
        const single = (reference.prepare(`SELECT count(*) AS count FROM ${table}`).get() as { count: number }).count;
        const uploaded = table.startsWith('document') ? 1 : 0;
        expect({ table, rows: await countRows(table) }).toEqual({ table, rows: single + uploaded });
      }
    } finally {
      reference.close();
    }
  }, 180_000);

  it('keeps users signed in, searching and downloading when one API process is killed, and signs new users in', async () => {
    const [killed, survivor] = cluster.apis;
    await killed.kill('SIGKILL');
    const before = (await cluster.balancer.requests()).length;

    await adminPage.goto(`${cluster.url}/resources?q=${bodyWord}`);
    const card = adminPage.locator(`[data-testid="result-card"][data-document-id="${uploadedId}"] img`);
    await card.waitFor({ timeout: 45_000 }).finally(() => screenshot(adminPage, 'cluster-after-kill-resources'));
    expect(new URL(adminPage.url()).pathname).toBe('/resources');
    const token = await accessToken(adminPage);
    expect((await searchOn(cluster.url, token, bodyWord)).items.map((item) => item.id)).toEqual([uploadedId]);
    expect((await downloadOn(cluster.url, token, uploadedId)).equals(Buffer.from(uploadedPdf))).toBe(true);

    const newcomer = await (await newContext(browser)).newPage();
    await signIn(newcomer, cluster.url, demoAccounts.customer, '/resources');
    await newcomer.getByTestId('result-card').first().waitFor({ timeout: 45_000 });
    expect(await accessToken(newcomer)).not.toBe('');

    const afterKill = (await cluster.balancer.requests()).slice(before);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.filter((request) => request.status >= 500)).toEqual([]);
    expect(new Set(afterKill.map((request) => request.upstreamPort))).toEqual(new Set([survivor.port]));
  }, 150_000);
});
