import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCad } from '../../demo/cad-seed.ts';
import { ensureReferenceData } from '../../demo/reference-data.ts';
import { seedSoftware } from '../../demo/software-seed.ts';
import { createTestApp, testUsers, type TestApp } from '../test-app.ts';
import { testDialects } from '../test-databases.ts';
import { routeRequests, type FuzzCaller, type FuzzRequest, type RegisteredRoute } from './route-requests.ts';
import { insertDocument, type FixtureDocument } from '../document-fixtures.ts';
import type { KnownValues } from './schema-arbitrary.ts';
import { changedCounts, tableCounts } from './table-counts.ts';

/*
 * Every /api route (and the /files/ and /player/ wildcards) as the built app registered them, each
 * sent requests generated from its own zod schemas with hostile values at any place: no answer may
 * be a 5xx, and a refused request (4xx) may change nothing. The routes are read from Fastify's
 * onRoute hook, added to every instance the app creates, so a new route is fuzzed without a line
 * here. FUZZ_SEED replays a run; FUZZ_REQUESTS changes the count.
 */

const registered = vi.hoisted(() => [] as unknown[]);

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route: RouteOptions) => void registered.push(route));
    return app;
  }) as typeof real.default;
  return { ...real, default: withRouteLog };
});

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const requestsOn = { sqlite: Number(process.env.FUZZ_REQUESTS ?? 10_000), postgres: Math.ceil(Number(process.env.FUZZ_REQUESTS ?? 10_000) / 6) };
const callers: FuzzCaller[] = ['customer', 'admin', 'customer', 'admin', 'partner', 'anonymous'];

function fuzzedRoutes(routes: unknown[]): RegisteredRoute[] {
  const byKey = new Map<string, RegisteredRoute>();
  for (const route of routes as RegisteredRoute[]) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD' || route.url.endsWith('*'));
    const fuzzed = route.url.startsWith('/api') || route.url === '/files/*' || route.url === '/player/*';
    if (fuzzed && methods.length > 0) byKey.set(`${methods.join(',')} ${route.url}`, { ...route, method: methods });
  }
  return [...byKey.values()];
}

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A small content base of every kind (documents with stored files, software, CAD), and the values that name it. */
async function seedContent(t: TestApp): Promise<KnownValues> {
  await ensureReferenceData(t.db);
  const stored = await t.app.storage.put(Readable.from([minimalPdf]));
  const file = { storageKey: stored.key, sha256: stored.sha256, size: stored.size };
  const documents: FixtureDocument[] = [
    { id: 'fz-open', serviceRef: 'FZOPEN', versions: [{ resourceVersion: 'A', ...file, text: 'robot gripper torque' }, { resourceVersion: 'B', ...file, text: 'robot arm' }] },
    { id: 'fz-account', serviceRef: 'FZACCOUNT', audience: 'restricted' as const, rules: [{ kind: 'account' as const, value: testUsers.customer.account ?? 'ACME-001' }], versions: [{ resourceVersion: 'A', ...file }] },
    { id: 'fz-partner', serviceRef: 'FZPARTNER', audience: 'restricted' as const, rules: [{ kind: 'role' as const, value: 'partner' }], versions: [{ resourceVersion: 'A', ...file }] },
    { id: 'fz-locked', serviceRef: 'FZLOCKED', downloadable: 0, versions: [{ resourceVersion: 'A', ...file }] },
    { id: 'fz-draft', serviceRef: 'FZDRAFT', status: 'unpublished' as const, versions: [{ resourceVersion: 'A', ...file }] },
  ];
  for (const document of documents) await insertDocument(t.db, { typeCode: 'manual', ...document });
  await seedSoftware({ db: t.db, events: t.app.events, storage: t.app.storage });
  await seedCad({ db: t.db, storage: t.app.storage });
  const column = async (table: 'documents' | 'document_versions' | 'software_items' | 'software_files' | 'cad_models' | 'cad_files' | 'cad_library_files', name: string) => {
    const { rows } = await sql<Record<string, string>>`SELECT ${sql.ref(name)} AS value FROM ${sql.table(table)} LIMIT 40`.execute(t.db);
    return rows.map((row) => row.value);
  };
  const documentIds = await column('documents', 'id');
  const versionIds = await column('document_versions', 'id');
  const fileIds = [...(await column('software_files', 'id')), ...(await column('cad_files', 'id')), ...(await column('cad_library_files', 'id'))];
  const equipmentNames = await column('software_items', 'equipmentName');
  return {
    documentId: documentIds, id: documentIds, itemId: [...documentIds, ...equipmentNames], versionId: versionIds,
    serviceRef: await column('documents', 'serviceRef'), resourceVersion: ['A', 'B'], fileId: fileIds, equipmentName: equipmentNames,
    model: await column('cad_models', 'code'), itemKind: ['document', 'software', 'cad'], kind: ['document', 'software', 'cad'],
    filename: ['release-notes.pdf', 'x.pdf'], filePath: documentIds.map((id) => `${id}/A`),
  };
}

/** Requests that once answered 5xx, sent on every run before the generated ones. */
const regressions: FuzzRequest[] = [
  ...['/api/Admin/documents', '/api/Admin/documents/fz-open/versions'].flatMap((url) =>
    ['multipart/form-data; boundary=x', 'multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`].map((contentType) => ({
      route: 'POST upload', caller: 'admin' as const, method: 'POST', url, headers: { 'content-type': contentType }, payload: 'truncated',
    })),
  ),
  ...(['customer', 'anonymous'] as const).flatMap((caller) =>
    ['/%61pi/Me', '/%61pi/Content/documentData?documentId=fz-account', '//api/Me'].map((url) => ({ route: 'GET encoded prefix', caller, method: 'GET', url, headers: {} })),
  ),
  // A part the parser skips (a carriage return in its file name) larger than 16 KiB: the request was never answered.
  {
    route: 'POST upload', caller: 'admin', method: 'POST', url: '/api/Admin/software/fz-open/versions', headers: { 'content-type': 'multipart/form-data; boundary=fz' },
    payload: `--fz\r\ncontent-disposition: form-data; name="file"; filename="\x0f\r\x07"\r\n\r\n${'x'.repeat(80_000)}\r\n--fz--\r\n`,
  },
  // A NUL character reaching PostgreSQL, which refuses it in text.
  { route: 'NUL', caller: 'admin', method: 'POST', url: '/api/Admin/documents/a%00b/publish', headers: {} },
  { route: 'NUL', caller: 'customer', method: 'GET', url: '/api/Content/documentData?documentId=a%00b', headers: {} },
  { route: 'NUL', caller: 'customer', method: 'POST', url: '/api/Content/download', headers: { 'content-type': 'application/json' }, payload: '["a\\u0000b"]' },
];

function describeRequest(request: FuzzRequest): string {
  const body = request.payload === undefined ? '' : ` body(${request.headers['content-type']}) ${JSON.stringify(String(request.payload).slice(0, 300))}`;
  return `${request.caller} ${request.method} ${request.url.slice(0, 400)}${request.url.length > 400 ? `… (${request.url.length} chars)` : ''}${body}`;
}

function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-fuzz-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  return dir;
}

describe.each(await testDialects())('API fuzz on %s', (dialect) => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let known: KnownValues;
  const auth: Partial<Record<FuzzCaller, Record<string, string>>> = {};

  beforeAll(async () => {
    registered.length = 0;
    t = await createTestApp(dialect, {
      JOB_CONCURRENCY: '0',
      SEED_DEMO: 'false',
      // Thousands of requests by three users in a minute: the rate limit would answer most of them (it has tests of its own).
      API_RATE_LIMIT: '0',
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
      // A built web app of its own: path tricks that land on a page must get the page whether or not
      // `npm run build` ran before the unit tests (without it the server answers 503 "not built").
      WEB_DIST_DIR: builtWebApp(),
    });
    routes = fuzzedRoutes(registered);
    known = await seedContent(t);
    for (const caller of ['customer', 'partner', 'admin'] as const) {
      auth[caller] = await t.authHeaders(testUsers[caller]);
      // The first call records the user: done here, so that no fuzzed request is the one that adds the row.
      await t.app.inject({ url: '/api/Me', headers: auth[caller] });
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the routes it fuzzes from the built app', () => {
    const names = routes.map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/Content/search', 'POST /api/Admin/documents', 'PUT /api/Favorites/:itemKind/:itemId', 'GET,HEAD /files/*']));
    expect(routes.length).toBeGreaterThan(25);
  });

  it(`answers hostile requests to every route without a 5xx, and a refused one changes nothing (seed ${seed})`, async () => {
    const target = requestsOn[dialect];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perRoute = new Map<string, number>();
    const routeMs = new Map<string, number>();
    let sent = 0;
    let unsendable = 0;
    let before = await tableCounts(t.db);
    for (let batch = 0; sent < target; batch++) {
      // Every route its share of each batch (a random pick among routes leaves some nearly unvisited), taken in turns.
      const share = Math.ceil(Math.min(1000, target - sent) / routes.length);
      const byRoute = routes.map((route, index) => fc.sample(routeRequests(route, known, callers), { numRuns: share, seed: seed + batch * routes.length + index }));
      const generated = Array.from({ length: share }, (_, turn) => byRoute.map((requests) => requests[turn]!)).flat();
      for (const request of batch === 0 ? [...regressions, ...generated] : generated) {
        let statusCode: number;
        let body: string;
        try {
          const headers = { ...(request.caller === 'anonymous' ? {} : auth[request.caller]), ...request.headers };
          const started = performance.now();
          const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
          routeMs.set(request.route, (routeMs.get(request.route) ?? 0) + performance.now() - started);
          statusCode = response.statusCode;
          body = response.body;
        } catch {
          // The request could not be formed (light-my-request refuses some URLs); no server code ran.
          unsendable++;
          continue;
        }
        sent++;
        if (request.method === 'PUT' && request.url.startsWith('/api/Admin/maintenance') && statusCode < 300) {
          // A valid switch to maintenance would answer every later request with 418 and fuzz nothing more.
          await t.app.inject({ method: 'PUT', url: '/api/Admin/maintenance', headers: { ...auth.admin, 'content-type': 'application/json' }, payload: { until: null } });
        }
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        perRoute.set(request.route, (perRoute.get(request.route) ?? 0) + 1);
        const after = await tableCounts(t.db);
        if (statusCode >= 500) failures.push(`${describeRequest(request)} → ${statusCode} ${body.slice(0, 300)}`);
        const changed = statusCode >= 400 ? changedCounts(before, after) : [];
        if (changed.length > 0) failures.push(`${describeRequest(request)} → ${statusCode} but changed ${changed.join(', ')}`);
        before = after;
      }
    }
    console.log(`fuzz ${dialect}: seed ${seed}, ${sent} requests (${unsendable} unsendable) over ${perRoute.size} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}; slowest routes (ms in all) ${JSON.stringify([...routeMs].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([route, ms]) => [route, Math.round(ms)]))}`);
    expect(sent).toBeGreaterThanOrEqual(target);
    // Every route was reached a fair number of times.
    expect(Math.min(...routes.map((route) => perRoute.get(`${[route.method].flat().join(',')} ${route.url}`) ?? 0))).toBeGreaterThanOrEqual(Math.floor(target / routes.length / 4));
    expect(failures.slice(0, 20), `${failures.length} failures, replay with FUZZ_SEED=${seed}`).toEqual([]);
  }, 300_000);
});
