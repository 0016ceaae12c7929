import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import type { NoResultSearch } from '../search/index.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import { maxShownPosition, recordEvents, recordSlice } from './search-intents.ts';

const noFacets = { type: [], product: [], language: [] };
const keyOf = (sub: string) => `key-${sub}`;
const at = (second: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, second)).toISOString();

function searched(userSub: string, text: string, second: number, resultIds: string[]): AnalyticsEvent {
  return { kind: 'search', userSub, text, total: resultIds.length, roles: ['customer'], account: null, locale: 'en', facets: noFacets, page: 1, pageSize: 24, resultIds, at: at(second) };
}

/**
 * A batch of three events per reader, spread over the chunks: every reader's first keystroke, then every reader's
 * full word, then every reader's open of the second result (readers `nothing-*` find nothing and open nothing).
 */
function spreadBatch(prefix: string, readers: number, nothing: number): AnalyticsEvent[] {
  const subs = Array.from({ length: readers }, (_, i) => `${prefix}-${i}`);
  const empty = Array.from({ length: nothing }, (_, i) => `${prefix}-nothing-${i}`);
  return [
    ...subs.map((sub) => searched(sub, 'pum', 0, ['d1', 'd2'])),
    ...empty.map((sub) => searched(sub, 'xylo', 0, [])),
    ...subs.map((sub) => searched(sub, 'pump', 1, ['d1', 'd2', 'd3'])),
    ...empty.map((sub) => searched(sub, 'xylophone', 1, [])),
    ...subs.map((sub): AnalyticsEvent => ({ kind: 'open', userSub: sub, documentId: 'd2', at: at(2) })),
  ];
}

describe.each(await testDialects())('recording search analytics on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    off = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false', SEARCH_ANALYTICS_RECORDING: 'false' });
    for (const app of [t, off]) {
      await insertReferenceData(app.db);
      await insertDocument(app.db, { id: 'manual', title: 'Gripper manual', versions: [{ resourceVersion: 'A', text: 'Mount the gripper.' }] });
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const intentsOf = (db: TestApp['db'], prefix: string) =>
    db.selectFrom('search_intents').selectAll().where('userKey', 'like', `key-${prefix}-%`).orderBy('userKey').execute();

  it('writes a batch larger than a slice in several transactions, every event on its reader’s intent, the reasons from the search module', async () => {
    const events = spreadBatch('spread', 150, 10);
    // Slices of a number of rows only: how many a time budget lets through depends on the machine.
    const slice = { rows: 300, ms: Number.POSITIVE_INFINITY };
    const asked: NoResultSearch[] = [];
    const reasonOf = async (search: NoResultSearch) => {
      asked.push(search);
      return { reason: 'hiddenByAccess' as const, hiddenMatches: 3 };
    };
    const transactions = vi.spyOn(t.db, 'transaction');
    try {
      await recordEvents(t.db, keyOf, events, reasonOf, slice);
      // 160 intents, 150 lists of shown results and 150 opens: 460 rows, in slices of at most 300 (a statement is never split).
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      transactions.mockRestore();
    }
    const intents = await intentsOf(t.db, 'spread');
    expect(intents).toHaveLength(160);
    const found = intents.filter((intent) => !intent.userKey.includes('nothing'));
    expect(found).toHaveLength(150);
    for (const intent of found) {
      expect(intent).toMatchObject({ query: 'pump', searches: 2, resultCount: 3, opens: 1, openPositionSum: 2, noResultReason: null, hiddenMatches: 0 });
    }
    const empty = intents.filter((intent) => intent.userKey.includes('nothing'));
    for (const intent of empty) expect(intent).toMatchObject({ query: 'xylophone', searches: 2, resultCount: 0, noResultReason: 'hiddenByAccess', hiddenMatches: 3 });
    // Asked once per intent that ended without a result, with its final text and facets.
    expect(asked).toEqual(Array.from({ length: 10 }, () => ({ text: 'xylophone', ...noFacets })));
  });

  it('folds a batch mixing readers, keystrokes, pages, opens and downloads as if written one event at a time', async () => {
    const page = (userSub: string, text: string, second: number, resultIds: string[], extra: Partial<Extract<AnalyticsEvent, { kind: 'search' }>>) => ({
      ...(searched(userSub, text, second, resultIds) as Extract<AnalyticsEvent, { kind: 'search' }>),
      ...extra,
    });
    const action = (kind: 'open' | 'download', userSub: string, documentId: string, second: number): AnalyticsEvent => ({ kind, userSub, documentId, at: at(second) });
    const before = (p: string): AnalyticsEvent[] => [searched(`${p}-a`, 'valve', 0, ['v1', 'v2', 'v3'])];
    const batch = (p: string): AnalyticsEvent[] => [
      // a: page 2 of the intent stored before the batch: its results are added.
      page(`${p}-a`, 'valve', 10, ['v4', 'v5'], { page: 2, total: 26 }),
      // b types "pump", looks at page 2, downloads from it, then searches "motor" (nothing found): "pump" refined.
      searched(`${p}-b`, 'pu', 0, ['p1']),
      searched(`${p}-b`, 'pum', 1, ['p1', 'p2']),
      // c opens a document no search of theirs showed: not counted.
      action('open', `${p}-c`, 'd9', 2),
      searched(`${p}-b`, 'pump', 2, ['p1', 'p2', 'p3']),
      // a opens a result shown before the batch, then one of the batch's page 2.
      action('open', `${p}-a`, 'v2', 20),
      action('open', `${p}-a`, 'v5', 21),
      page(`${p}-b`, 'pump', 3, ['p4'], { page: 2, total: 25 }),
      action('download', `${p}-b`, 'p4', 4),
      searched(`${p}-b`, 'motor', 40, []),
      // a sets a facet: other results; what it showed before is gone, so downloading v1 counts nowhere.
      page(`${p}-a`, 'valve', 30, ['v9'], { facets: { type: ['manual'], product: [], language: [] } }),
      action('download', `${p}-a`, 'v1', 31),
      searched(`${p}-c`, 'Gripper', 50, ['g1', 'g2']),
      action('open', `${p}-c`, 'g2', 51),
    ];
    const asked: NoResultSearch[] = [];
    const reasonOf = async (search: NoResultSearch) => {
      asked.push(search);
      return { reason: 'otherLanguage' as const, hiddenMatches: 0 };
    };
    await recordEvents(t.db, keyOf, before('mix'), reasonOf);
    await recordEvents(t.db, keyOf, batch('mix'), reasonOf);
    expect(asked).toEqual([{ text: 'motor', ...noFacets }]);

    const stored = async (p: string) => {
      const intents = await intentsOf(t.db, p);
      const ids = intents.map((intent) => intent.id);
      const queryOf = (id: string) => intents.find((intent) => intent.id === id)!.query;
      const lists = await t.db.selectFrom('search_intent_shown').select(['intentId', 'documents']).where('intentId', 'in', ids).execute();
      const shown = lists.flatMap(({ intentId, documents }) => Object.entries(JSON.parse(documents) as Record<string, number>).map(([documentId, position]) => ({ intentId, documentId, position })));
      const actions = await t.db.selectFrom('search_intent_actions').select(['intentId', 'documentId', 'kind', 'position', 'at']).where('intentId', 'in', ids).execute();
      const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);
      return {
        intents: intents
          .map(({ id: _id, userKey, ...intent }) => ({ ...intent, reader: userKey.slice(`key-${p}-`.length) }))
          .sort((a, b) => `${a.reader} ${a.startedAt}`.localeCompare(`${b.reader} ${b.startedAt}`)),
        shown: shown.map(({ intentId, documentId, position }) => ({ text: `${queryOf(intentId)} ${documentId} ${position}` })).sort(byText),
        actions: actions.map(({ intentId, documentId, kind, position, at: when }) => ({ text: `${queryOf(intentId)} ${kind} ${documentId} ${position} ${when}` })).sort(byText),
      };
    };
    const common = { roles: ',customer,', account: null, locale: 'en', products: '', hiddenMatches: 0, noResultReason: null, opens: 0, openPositionSum: 0, downloads: 0, refined: 0 };
    const facets = (type: string[] = []) => JSON.stringify({ type, product: [], language: [] });
    const mix = await stored('mix');
    expect(mix.intents).toEqual([
      { ...common, reader: 'a', day: '2026-03-02', startedAt: at(0), lastAt: at(30), query: 'valve', queryKey: 'valve', facets: facets(['manual']), resultCount: 1, searches: 3, opens: 2, openPositionSum: 28 },
      { ...common, reader: 'b', day: '2026-03-02', startedAt: at(0), lastAt: at(3), query: 'pump', queryKey: 'pump', facets: facets(), resultCount: 25, searches: 4, downloads: 1, refined: 1 },
      { ...common, reader: 'b', day: '2026-03-02', startedAt: at(40), lastAt: at(40), query: 'motor', queryKey: 'motor', facets: facets(), resultCount: 0, searches: 1, noResultReason: 'otherLanguage' },
      { ...common, reader: 'c', day: '2026-03-02', startedAt: at(50), lastAt: at(50), query: 'Gripper', queryKey: 'gripper', facets: facets(), resultCount: 2, searches: 1, opens: 1, openPositionSum: 2 },
    ]);
    expect(mix.shown.map(({ text }) => text)).toEqual(['Gripper g1 1', 'Gripper g2 2', 'pump p1 1', 'pump p2 2', 'pump p3 3', 'pump p4 25', 'valve v9 1']);
    expect(mix.actions.map(({ text }) => text)).toEqual([
      `Gripper open g2 2 ${at(51)}`,
      `pump download p4 25 ${at(4)}`,
      `valve open v2 2 ${at(20)}`,
      `valve open v5 26 ${at(21)}`,
    ]);

    // The same events written one at a time (every one read back from the database) leave the same rows.
    await recordEvents(t.db, keyOf, before('single'), reasonOf);
    for (const event of batch('single')) await recordEvents(t.db, keyOf, [event], reasonOf);
    expect(await stored('single')).toEqual(mix);
  });

  // SQLite has one connection: a batch written in a single transaction would hold it until the end.
  it.runIf(dialect === 'sqlite')('lets other queries use the connection between the slices of a large batch', async () => {
    const events = Array.from({ length: 2 * recordSlice.rows + 50 }, (_, i) => searched(`turns-${i}`, 'pump', 0, ['d1']));
    const count = async () =>
      Number((await t.db.selectFrom('search_intents').select((eb) => eb.fn.countAll<number>().as('count')).where('userKey', 'like', 'key-turns-%').executeTakeFirstOrThrow()).count);
    let done = false;
    const recording = recordEvents(t.db, keyOf, events, () => Promise.reject(new Error('no reason asked'))).finally(() => (done = true));
    // Counted at every turn of the event loop while the batch is written: some counts fall between its slices.
    const counts: number[] = [];
    while (!done) {
      await nextTurn();
      counts.push(await count());
    }
    await recording;
    const between = counts.filter((intents) => intents > 0 && intents < events.length);
    expect(between.length).toBeGreaterThan(0);
    // The first slice: at most the slice's number of rows, within its time.
    expect(between[0]).toBeLessThanOrEqual(recordSlice.rows);
    expect(await count()).toBe(events.length);
  });

  it('keeps the results shown up to a bounded position however far a reader pages, and counts opens up to it', async () => {
    const pageSize = 24;
    const lastKept = Math.ceil(maxShownPosition / pageSize);
    const pageOf = (page: number): AnalyticsEvent => ({
      ...(searched('far-1', 'valve', page % 50, Array.from({ length: pageSize }, (_, i) => `f${(page - 1) * pageSize + i + 1}`)) as Extract<AnalyticsEvent, { kind: 'search' }>),
      page,
      total: 10_000,
    });
    const open = (position: number): AnalyticsEvent => ({ kind: 'open', userSub: 'far-1', documentId: `f${position}`, at: at(55) });
    await recordEvents(t.db, keyOf, [pageOf(1), pageOf(lastKept - 1)], async () => ({ reason: 'nothingExists', hiddenMatches: 0 }));
    await recordEvents(t.db, keyOf, [pageOf(lastKept), pageOf(lastKept + 1), open(maxShownPosition), open(maxShownPosition + 1)], async () => ({ reason: 'nothingExists', hiddenMatches: 0 }));
    const [intent] = await intentsOf(t.db, 'far');
    const list = await t.db.selectFrom('search_intent_shown').select('documents').where('intentId', '=', intent!.id).executeTakeFirstOrThrow();
    const positions = Object.values(JSON.parse(list.documents) as Record<string, number>);
    // Pages 1 and lastKept - 1 whole, of page lastKept the results up to the bound, nothing of the page after it.
    expect(positions).toHaveLength(2 * pageSize + (maxShownPosition - (lastKept - 1) * pageSize));
    expect(Math.max(...positions)).toBe(maxShownPosition);
    expect(intent).toMatchObject({ searches: 4, opens: 1, openPositionSum: maxShownPosition });
  });

  it('records nothing with SEARCH_ANALYTICS_RECORDING=false, and the dashboard still answers', async () => {
    const headers = await off.authHeaders(users.customer);
    expect((await off.app.inject({ url: '/api/Content/search?q=gripper', headers })).json().total).toBe(1);
    expect((await off.app.inject({ url: '/api/Content/search?q=xylophone', headers })).json().total).toBe(0);
    // The search is announced once the answer has left.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const summary = await off.app.inject({ url: '/api/Admin/analytics/search/summary', headers: await off.authHeaders(users.publisher) });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ searches: 0, noResults: 0 });
    expect(await off.db.selectFrom('search_intents').selectAll().execute()).toEqual([]);
  });
});
