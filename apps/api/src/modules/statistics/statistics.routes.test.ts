import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { fixtureTime, insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';

describe.each(await testDialects())('statistics routes on %s', (dialect) => {
  let t: TestApp;
  let publisher: Record<string, string>;
  const { customer, partner } = testUsers;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual1', title: 'R100 manual', products: ['R100'] });
    await insertDocument(t.db, { id: 'sheet1', title: '=G20 sheet, "draft"', products: ['G20'] });
    publisher = await t.authHeaders(testUsers.publisher);
    await t.db.insertInto('users').values([customer, partner].map((user) => ({
      id: randomUUID(), sub: user.sub, email: user.email, name: user.name, roles: JSON.stringify(user.roles), account: user.account, firstSeenAt: fixtureTime, lastSeenAt: fixtureTime,
    }))).execute();
    await t.db.insertInto('document_views').values([
      { documentId: 'manual1', day: '2026-03-02', account: 'ACME-001', views: 3 },
      { documentId: 'manual1', day: '2026-03-03', account: 'PARTNER-01', views: 2 },
      { documentId: 'sheet1', day: '2026-03-10', account: '', views: 4 },
      { documentId: 'manual1', day: '2026-02-28', account: 'ACME-001', views: 7 },
    ]).execute();
    const download = (itemId: string, userSub: string, createdAt: string, itemKind: 'document' | 'software' = 'document') =>
      ({ id: randomUUID(), userSub, itemKind, itemId, versionId: null, versionLabel: 'A', fileName: `${itemId}.pdf`, fileId: null, createdAt });
    await t.db.insertInto('download_records').values([
      download('manual1', customer.sub, '2026-03-02T10:00:00.000Z'),
      download('manual1', customer.sub, '2026-03-09T23:59:59.999Z'),
      download('sheet1', partner.sub, '2026-03-15T00:00:00.000Z'),
      download('manual1', partner.sub, '2026-04-01T00:00:00.000Z'),
      download('manual1', customer.sub, '2026-03-05T00:00:00.000Z', 'software'),
    ]).execute();
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, headers = publisher) => t.app.inject({ method: 'GET', url, headers });
  const march = '/api/Admin/statistics?from=2026-03-01&to=2026-03-31';

  it('answers admins and publishers only: 403 for other staff and customers, 401 without a token', async () => {
    for (const url of [march, `${march.replace('statistics', 'statistics/export')}`, '/api/Admin/statistics?groupBy=year']) {
      for (const user of [testUsers.employee, testUsers.customer, testUsers.partner]) {
        expect((await get(url, await t.authHeaders(user))).statusCode, `${user.email} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await get(march, await t.authHeaders(testUsers.admin))).statusCode).toBe(200);
    expect((await get(march)).statusCode).toBe(200);
  });

  it('counts views and document downloads per day of the range, empty days included', async () => {
    const body = (await get(march)).json();
    expect(body).toMatchObject({ from: '2026-03-01', to: '2026-03-31', groupBy: 'day', totals: { views: 9, downloads: 3 } });
    expect(body.series).toHaveLength(31);
    expect(body.series[0]).toEqual({ period: '2026-03-01', views: 0, downloads: 0 });
    expect(body.series[1]).toEqual({ period: '2026-03-02', views: 3, downloads: 1 });
    expect(body.series[8]).toEqual({ period: '2026-03-09', views: 0, downloads: 1 });
    expect(body.series[14]).toEqual({ period: '2026-03-15', views: 0, downloads: 1 });
    expect(body.topDocuments).toEqual([
      { id: 'manual1', title: 'R100 manual', views: 5, downloads: 2 },
      { id: 'sheet1', title: '=G20 sheet, "draft"', views: 4, downloads: 1 },
    ]);
  });

  it('groups by ISO week (from its Monday) and by month', async () => {
    const weeks = (await get(`${march}&groupBy=week`)).json().series;
    expect(weeks).toEqual([
      { period: '2026-02-23', views: 0, downloads: 0 },
      { period: '2026-03-02', views: 5, downloads: 1 },
      { period: '2026-03-09', views: 4, downloads: 2 },
      { period: '2026-03-16', views: 0, downloads: 0 },
      { period: '2026-03-23', views: 0, downloads: 0 },
      { period: '2026-03-30', views: 0, downloads: 0 },
    ]);
    const months = (await get('/api/Admin/statistics?from=2026-02-01&to=2026-04-30&groupBy=month')).json().series;
    expect(months).toEqual([
      { period: '2026-02', views: 7, downloads: 0 },
      { period: '2026-03', views: 9, downloads: 3 },
      { period: '2026-04', views: 0, downloads: 1 },
    ]);
  });

  it('filters by product, account and document', async () => {
    const byProduct = (await get(`${march}&product=G20`)).json();
    expect(byProduct.totals).toEqual({ views: 4, downloads: 1 });
    expect(byProduct.topDocuments.map((document: { id: string }) => document.id)).toEqual(['sheet1']);
    expect((await get(`${march}&account=ACME-001`)).json().totals).toEqual({ views: 3, downloads: 2 });
    expect((await get(`${march}&account=PARTNER-01`)).json().totals).toEqual({ views: 2, downloads: 1 });
    expect((await get(`${march}&documentId=manual1`)).json().totals).toEqual({ views: 5, downloads: 2 });
    expect((await get(`${march}&top=1`)).json().topDocuments).toHaveLength(1);
  });

  it('refuses a reversed, too long or malformed range with 400', async () => {
    for (const query of ['from=2026-03-31&to=2026-03-01', 'from=2024-01-01&to=2026-03-01', 'from=2026-02-30', 'groupBy=year', 'top=0', 'from=2999-01-01', 'product=']) {
      expect((await get(`/api/Admin/statistics?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('exports the same as CSV: a line per period, then per top document, safe for spreadsheets', async () => {
    const response = await get(`${march.replace('statistics', 'statistics/export')}&groupBy=week`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statistics-2026-03-01-2026-03-31.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'section,period,documentId,title,views,downloads',
      'period,2026-02-23,,,0,0',
      'period,2026-03-02,,,5,1',
      'period,2026-03-09,,,4,2',
      'period,2026-03-16,,,0,0',
      'period,2026-03-23,,,0,0',
      'period,2026-03-30,,,0,0',
      'document,,manual1,R100 manual,5,2',
      'document,,sheet1,"\'=G20 sheet, ""draft""",4,1',
      '',
    ]);
  });

  it('counts a view each time a reader opens a document, by account and day; not when refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const views = () => t.db.selectFrom('document_views').select(['account', 'views']).where('documentId', '=', 'sheet1').where('day', '=', today).orderBy('account').execute();
    const open = async (documentId: string, user = customer) =>
      t.app.inject({ url: `/api/Content/documentData?documentId=${documentId}`, headers: await t.authHeaders(user) });
    expect((await open('sheet1')).statusCode).toBe(200);
    expect((await open('sheet1')).statusCode).toBe(200);
    expect((await open('sheet1', partner)).statusCode).toBe(200);
    expect((await open('missing1')).statusCode).toBe(404);
    await vi.waitFor(async () => expect(await views()).toEqual([{ account: 'ACME-001', views: 2 }, { account: 'PARTNER-01', views: 1 }]));
    expect(await t.db.selectFrom('document_views').select('documentId').where('documentId', '=', 'missing1').execute()).toEqual([]);
    const body = (await get('/api/Admin/statistics')).json();
    expect(body.to).toBe(today);
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)).toMatchObject({ period: today, views: 3 });
  });
});
