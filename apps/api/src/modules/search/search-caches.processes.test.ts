import { afterEach, describe, expect, it, vi } from 'vitest';
import type { buildApp } from '../../app.ts';
import { generatePdf } from '../../demo/generate-pdf.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { createAppPair, testRedisUrl, type AppPair } from '../../test/app-pair.ts';
import { testDialects } from '../../test/test-databases.ts';
import { multipartBody } from '../../platform/uploads/multipart-body.ts';

const pdf = await generatePdf({ title: 'Gripper GX-7 manual', subtitle: 'GX7', sections: [{ heading: 'Jaws', paragraphs: ['Change the jaws.'] }] });

/** The app of a second process: a fresh copy of every module, so no module state (the content generation, caches) is shared. */
async function buildInOtherProcess(...args: Parameters<typeof buildApp>) {
  vi.resetModules();
  const fresh = await import('../../app.ts');
  return fresh.buildApp(...args);
}

describe.each(await testDialects())('search caches across two API processes on %s', (dialect) => {
  let pair: AppPair | undefined;
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });

  async function openPair(env: Record<string, string>): Promise<AppPair> {
    pair = await createAppPair(dialect, { LOG_LEVEL: 'error', ...env }, { buildOther: buildInOtherProcess });
    return pair;
  }

  async function searchTotal(pair: AppPair, app: 'one' | 'other'): Promise<{ total: number; types: unknown }> {
    const response = await pair[app].inject({ url: '/api/Content/search?q=gripper', headers: await pair.authHeaders('reader') });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { total: body.total, types: body.facets.type };
  }

  async function uploadThroughOne(pair: AppPair): Promise<void> {
    await ensureReferenceData(pair.one.db);
    const { payload, headers } = multipartBody([
      { name: 'metadata', value: JSON.stringify({ serviceRef: 'D20000001', title: 'Gripper GX-7 manual', typeCode: 'manual', languageCode: 'en', products: [], status: 'published' }) },
      { name: 'file', filename: 'gx7.pdf', content: pdf },
    ]);
    const response = await pair.one.inject({ method: 'POST', url: '/api/Admin/documents', payload, headers: { ...headers, ...(await pair.authHeaders('admin', ['admin'])) } });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** Well inside the 30 s the counts and pages are cached for: only a message can have told the other process. */
  async function expectOtherToSeeUploadAtOnce(pair: AppPair): Promise<void> {
    const uploadedAt = Date.now();
    await vi.waitFor(async () => expect(await searchTotal(pair, 'other')).toEqual({ total: 1, types: [expect.objectContaining({ value: 'manual', count: 1 })] }), {
      timeout: 5_000,
      interval: 10,
    });
    expect(Date.now() - uploadedAt).toBeLessThan(5_000);
  }

  it.runIf(dialect === 'sqlite')('on SQLite without Redis, the other process answers its cached counts after an upload (what the bus is for)', async () => {
    const pair = await openPair({});
    expect(await searchTotal(pair, 'other')).toEqual({ total: 0, types: [] });
    await uploadThroughOne(pair);
    expect((await searchTotal(pair, 'one')).total).toBe(1);
    expect(await searchTotal(pair, 'other')).toEqual({ total: 0, types: [] });
  });

  it.runIf(dialect === 'postgres')('on PostgreSQL without Redis, the database\'s notice of the commit tells the other process at once', async () => {
    const pair = await openPair({});
    expect(await searchTotal(pair, 'other')).toEqual({ total: 0, types: [] });
    await uploadThroughOne(pair);
    await expectOtherToSeeUploadAtOnce(pair);
  });

  it('with Redis, an upload through one process shows in the other\'s search and facet counts at once', async () => {
    const pair = await openPair({ REDIS_URL: testRedisUrl });
    expect(await searchTotal(pair, 'other')).toEqual({ total: 0, types: [] });
    await uploadThroughOne(pair);
    await expectOtherToSeeUploadAtOnce(pair);
  });
});
