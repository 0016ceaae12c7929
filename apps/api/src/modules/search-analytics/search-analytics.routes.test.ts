import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@portal/contracts/documents';
import { searchAnalyticsMaxQueryLength } from '@portal/contracts/search-analytics';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import { searchAnalyticsPersonalData } from './search-analytics-personal-data.repository.ts';
import { runSearchAnalyticsRetention, searchAnalyticsRetentionJob } from './search-analytics.jobs.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import { recordEvents } from './search-intents.ts';

const noFacets = { type: [], product: [], language: [] };
const french: AuthUser = { sub: 'sub-french', email: 'francine@client.example', name: 'Francine', roles: ['customer'], account: 'ACME' };
const analyticsUrls = [
  '/api/Admin/analytics/search/summary',
  '/api/Admin/analytics/search/top',
  '/api/Admin/analytics/search/no-results',
  '/api/Admin/analytics/search/queries/gripper',
  '/api/Admin/analytics/export?table=top',
];

/** A search event of the fixture (the recorder's input), at an exact time. */
function searched(userSub: string, text: string, at: string, total: number, resultIds: string[], extra: Partial<Extract<AnalyticsEvent, { kind: 'search' }>> = {}): AnalyticsEvent {
  return { kind: 'search', userSub, text, total, roles: ['customer'], account: null, locale: 'en', facets: noFacets, page: 1, pageSize: 24, resultIds, at, ...extra };
}

describe.each(await testDialects())('search analytics on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await insertReferenceData(t.db);
    await insertDocument(t.db, { id: 'manual', title: 'Gripper manual', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Mount the gripper.' }] });
    await insertDocument(t.db, { id: 'sheet', title: 'Gripper data sheet', typeCode: 'datasheet', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Payload of the gripper.' }] });
    await insertDocument(t.db, {
      id: 'ejector', title: 'Vacuum ejector service', audience: 'restricted', rules: [{ kind: 'role', value: 'customer' }], products: ['G20'],
      versions: [{ resourceVersion: 'A', text: 'Service the ejector.' }],
    });
    await insertDocument(t.db, { id: 'jaws', title: 'Greifer Backenwechsel', languageCode: 'de', products: ['G20'], versions: [{ resourceVersion: 'A', text: 'Backenwechsel am Greifer.' }] });
  }, 60_000);
  afterAll(() => t.close());

  const search = async (user: AuthUser, query: string, language = 'en') =>
    t.app.inject({ url: `/api/Content/search${query}`, headers: { ...(await t.authHeaders(user)), 'accept-language': language } });
  const open = async (user: AuthUser, documentId: string) => {
    const response = await t.app.inject({ url: `/api/Content/documentData?documentId=${documentId}`, headers: await t.authHeaders(user) });
    expect(response.statusCode).toBe(200);
    // The view is announced once the answer has left.
    await new Promise((resolve) => setTimeout(resolve, 30));
  };
  const admin = async (url: string, user: AuthUser = users.publisher) => t.app.inject({ url, headers: await t.authHeaders(user) });
  const intentsOf = (queryKey: string) => t.db.selectFrom('search_intents').selectAll().where('queryKey', '=', queryKey).execute();

  it('answers publishers and admins only: 403 for customers, partners and employees, 401 without a token', async () => {
    for (const url of analyticsUrls) {
      for (const user of [users.customer, users.partner, users.employee]) expect((await admin(url, user)).statusCode, `${user.email} ${url}`).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await admin(url)).statusCode, url).toBe(200);
      expect((await admin(url, users.admin)).statusCode, url).toBe(200);
    }
  });

  it('refuses bad filters with 400', async () => {
    expect((await admin('/api/Admin/analytics/search/summary?from=2026-03-10&to=2026-03-01')).statusCode).toBe(400);
    expect((await admin('/api/Admin/analytics/search/top?limit=1000')).statusCode).toBe(400);
    expect((await admin('/api/Admin/analytics/search/summary?role=king')).statusCode).toBe(400);
    expect((await admin('/api/Admin/analytics/export?table=query-variants')).statusCode).toBe(400);
    expect((await admin('/api/Admin/analytics/search/queries/%20%20')).statusCode).toBe(400);
  });

  it('counts keystrokes, pages and facet changes of one query as one intent with its final query', async () => {
    for (const q of ['man', 'manu', 'manual']) expect((await search(users.otherCustomer, `?q=${q}`)).statusCode).toBe(200);
    await search(users.otherCustomer, '?q=manual&pageSize=1&page=2');
    const last: SearchResponse = (await search(users.otherCustomer, '?q=manual&type=manual')).json();
    const detail = (await admin('/api/Admin/analytics/search/queries/Manual')).json();
    expect(detail).toMatchObject({ query: 'manual', searches: 1, users: 1, noResults: 0, variants: [{ text: 'manual', searches: 1 }] });
    const [intent] = await intentsOf('manual');
    expect(intent).toMatchObject({ query: 'manual', searches: 5, resultCount: last.total, facets: JSON.stringify({ type: ['manual'], product: [], language: [] }), locale: 'en' });
    expect(intent.userKey).not.toContain(users.otherCustomer.sub);
    expect(await intentsOf('man')).toEqual([]);
  });

  it('records the position of the result opened, and a search after which nothing happened as bounced', async () => {
    const results: SearchResponse = (await search(users.customer, '?q=gripper')).json();
    expect(results.total).toBe(2);
    await open(users.customer, results.items[1].id);
    await search(users.partner, '?q=gripper');
    const detail = (await admin('/api/Admin/analytics/search/queries/gripper')).json();
    expect(detail).toMatchObject({ searches: 2, users: 2, clickThroughRate: 0.5, averageClickPosition: 2, bounceRate: 0.5 });
    expect(detail.documents).toEqual([{ documentId: results.items[1].id, title: results.items[1].title, opens: 1, downloads: 0, averagePosition: 2 }]);
    const actions = await t.db.selectFrom('search_intent_actions').selectAll().execute();
    expect(actions).toEqual([expect.objectContaining({ documentId: results.items[1].id, kind: 'open', position: 2 })]);
  });

  it('records a download after a search, at the position the search showed the document', async () => {
    const results: SearchResponse = (await search(users.customer, '?q=payload')).json();
    expect(results.items.map((item) => item.id)).toEqual(['sheet']);
    await t.app.events.emitCommitted(t.app.db, 'file.downloaded', {
      userSub: users.customer.sub, itemKind: 'document', itemId: 'sheet', versionId: null, versionLabel: 'A', fileName: 'sheet.pdf', fileId: null,
      origin: { actor: null, address: null, userAgent: null, source: 'request' },
    });
    const detail = (await admin('/api/Admin/analytics/search/queries/payload')).json();
    expect(detail).toMatchObject({ searches: 1, clickThroughRate: 0, bounceRate: 0 });
    expect(detail.documents).toEqual([{ documentId: 'sheet', title: 'Gripper data sheet', opens: 0, downloads: 1, averagePosition: null }]);
  });

  it('decides why nothing was found: nothing exists, hidden by access, other language', async () => {
    expect((await search(users.partner, '?q=ejector')).json().total).toBe(0);
    expect((await search(french, '?q=backenwechsel&language=fr', 'fr-FR,fr;q=0.9')).json().total).toBe(0);
    expect((await search(users.customer, '?q=xylophone')).json().total).toBe(0);
    const { items } = (await admin('/api/Admin/analytics/search/no-results')).json();
    const byQuery = Object.fromEntries(items.map((item: { query: string }) => [item.query, item]));
    expect(byQuery.ejector.reasons).toEqual({ nothingExists: 0, hiddenByAccess: 1, otherLanguage: 0 });
    expect(byQuery.backenwechsel.reasons).toEqual({ nothingExists: 0, hiddenByAccess: 0, otherLanguage: 1 });
    expect(byQuery.backenwechsel.lastFacets).toEqual({ type: [], product: [], language: ['fr'] });
    expect(byQuery.xylophone.reasons).toEqual({ nothingExists: 1, hiddenByAccess: 0, otherLanguage: 0 });
    const [hidden] = await intentsOf('ejector');
    expect(hidden).toMatchObject({ noResultReason: 'hiddenByAccess', hiddenMatches: 1 });
    const locale = (await admin('/api/Admin/analytics/search/no-results?locale=fr')).json();
    expect(locale.items.map((item: { query: string }) => item.query)).toEqual(['backenwechsel']);
  });

  it('details a query as long as the longest stored (encoded in the path), and refuses a longer one with 400', async () => {
    const long = `${'Größe '.repeat(40).slice(0, searchAnalyticsMaxQueryLength - 1)}x`;
    expect(long).toHaveLength(searchAnalyticsMaxQueryLength);
    await recordEvents(t.db, (sub) => `key-${sub}`, [searched('long-reader', long, '2026-05-04T10:00:00.000Z', 1, ['manual'])]);
    const url = (query: string) => `/api/Admin/analytics/search/queries/${encodeURIComponent(query)}?from=2026-05-01&to=2026-05-31`;
    const response = await admin(url(long));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ query: long.toLowerCase(), searches: 1, users: 1, variants: [{ text: long, searches: 1 }] });
    expect((await admin(url(`${long}x`))).statusCode).toBe(400);
  });

  it('erases a person’s recorded searches with them', async () => {
    expect(await intentsOf('manual')).toHaveLength(1);
    const person = { userId: null, sub: users.otherCustomer.sub, email: users.otherCustomer.email, name: users.otherCustomer.name };
    expect(await searchAnalyticsPersonalData.erasePersonalData(t.db, person, 'erased-000000000000')).toBe(1);
    expect(await intentsOf('manual')).toEqual([]);
    // No reader is kept without an intent (the readers' latest days go with their searches).
    const stored = t.db.selectFrom('search_intents').select('userKey');
    expect(await t.db.selectFrom('search_intent_readers').select('userKey').where('userKey', 'not in', stored).execute()).toEqual([]);
    expect(await t.db.selectFrom('search_intent_reader_values').select('userKey').where('userKey', 'not in', stored).execute()).toEqual([]);
  });

  describe('the dashboard on a small fixture', () => {
    beforeAll(async () => {
      await recordEvents(t.db, (sub) => `key-${sub}`, [
        searched('u4', 'motor', '2026-02-20T08:00:00.000Z', 1, ['d5']),
        // u1 types "pump", then "pump s": one intent; opens its second result.
        searched('u1', 'pump', '2026-03-02T10:00:00.000Z', 5, ['d1', 'd2', 'd3'], { locale: 'fr-fr' }),
        searched('u1', 'pump s', '2026-03-02T10:00:02.000Z', 2, ['d2', 'd4'], { locale: 'fr-fr' }),
        { kind: 'open', userSub: 'u1', documentId: 'd4', at: '2026-03-02T10:01:00.000Z' },
        // u2: a search and nothing after it (bounced), the next day one that found nothing.
        searched('u2', 'Pump', '2026-03-02T11:00:00.000Z', 5, ['d1', 'd2', 'd3'], { account: 'ACME' }),
        searched('u2', 'valve', '2026-03-03T09:00:00.000Z', 0, [], { account: 'ACME' }),
        // u3 (a partner): "pump" refined into "motor", whose second result is downloaded.
        searched('u3', 'pump', '2026-03-03T09:00:00.000Z', 3, ['d1', 'd2', 'd3'], { roles: ['partner'], facets: { type: [], product: ['P1'], language: [] } }),
        searched('u3', 'motor', '2026-03-03T09:00:30.000Z', 2, ['d5', 'd6'], { roles: ['partner'] }),
        { kind: 'download', userSub: 'u3', documentId: 'd6', at: '2026-03-03T09:00:40.000Z' },
      ]);
    });
    const march = 'from=2026-03-01&to=2026-03-31';

    it('answers the summary as computed by hand', async () => {
      const summary = (await admin(`/api/Admin/analytics/search/summary?${march}`)).json();
      expect(summary).toMatchObject({
        from: '2026-03-01', to: '2026-03-31', searches: 5, users: 3, noResults: 1,
        noResultReasons: { nothingExists: 1, hiddenByAccess: 0, otherLanguage: 0 },
        noResultRate: 0.2, noResultRates: { nothingExists: 0.2, hiddenByAccess: 0, otherLanguage: 0 },
        clickThroughRate: 0.25, averageClickPosition: 2, bounceRate: 0.25, conversionRate: 0.4, downloadConversionRate: 0.2, refinementRate: 0.2,
      });
      expect(summary.series).toHaveLength(31);
      expect(summary.series.slice(0, 3)).toEqual([
        { day: '2026-03-01', searches: 0, noResults: 0 },
        { day: '2026-03-02', searches: 2, noResults: 0 },
        { day: '2026-03-03', searches: 3, noResults: 1 },
      ]);
    });

    it('filters by role, account, locale and product', async () => {
      const searches = async (filter: string) => (await admin(`/api/Admin/analytics/search/summary?${march}&${filter}`)).json().searches;
      expect(await searches('role=partner')).toBe(2);
      expect(await searches('account=ACME')).toBe(2);
      expect(await searches('locale=fr')).toBe(1);
      expect(await searches('product=P1')).toBe(1);
      expect(await searches('role=admin')).toBe(0);
    });

    it('lists top and rising queries, and a query’s variants', async () => {
      const top = (await admin(`/api/Admin/analytics/search/top?${march}`)).json();
      expect(top.top).toEqual([
        { query: 'pump', searches: 2, users: 2, noResults: 0, clickThroughRate: 0, averageClickPosition: null },
        { query: 'motor', searches: 1, users: 1, noResults: 0, clickThroughRate: 0, averageClickPosition: null },
        { query: 'pump s', searches: 1, users: 1, noResults: 0, clickThroughRate: 1, averageClickPosition: 2 },
        { query: 'valve', searches: 1, users: 1, noResults: 1, clickThroughRate: null, averageClickPosition: null },
      ]);
      expect(top.rising).toEqual([
        { query: 'pump', searches: 2, previousSearches: 0, growth: 2 },
        { query: 'pump s', searches: 1, previousSearches: 0, growth: 1 },
        { query: 'valve', searches: 1, previousSearches: 0, growth: 1 },
      ]);
      const detail = (await admin(`/api/Admin/analytics/search/queries/pump?${march}`)).json();
      expect(detail.variants).toHaveLength(2);
      expect(detail.variants).toEqual(expect.arrayContaining([{ text: 'Pump', searches: 1 }, { text: 'pump', searches: 1 }]));
      expect(detail).toMatchObject({ searches: 2, bounceRate: 0.5 });
    });

    it('exports the tables as CSV', async () => {
      const response = await admin(`/api/Admin/analytics/export?table=top&${march}`);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.body.split('\r\n').slice(0, 3)).toEqual(['query,searches,users,noResults,clickThroughRate,averageClickPosition', 'pump,2,2,0,0,', 'motor,1,1,0,0,']);
      const noResults = await admin(`/api/Admin/analytics/export?table=no-results&${march}`);
      expect(noResults.body).toContain('valve,1,1,1,0,0');
      const documents = await admin(`/api/Admin/analytics/export?table=query-documents&query=motor&${march}`);
      expect(documents.body.split('\r\n')[1]).toBe('motor,d6,d6,0,1,');
    });

    it('deletes intents past the retention, and queues the next night’s run', async () => {
      const queued = await t.db.selectFrom('jobs').select('runAfter').where('kind', '=', searchAnalyticsRetentionJob).execute();
      expect(queued.length).toBeGreaterThanOrEqual(1);
      expect(queued.every((job) => new Date(job.runAfter).getUTCHours() === 2)).toBe(true);
      const removed = await runSearchAnalyticsRetention(t.db, 1, new Date('2026-04-15T02:00:00.000Z'));
      expect(removed.intents).toBe(1);
      expect((await admin('/api/Admin/analytics/search/summary?from=2026-02-01&to=2026-02-28')).json().searches).toBe(0);
      expect((await admin(`/api/Admin/analytics/search/summary?${march}`)).json().searches).toBe(5);
    });
  });
});
