import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';
import type { NoResultSearch } from '../search/index.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import { recordEvents, recordSlice } from './search-intents.ts';

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

  it('writes a batch larger than a slice in one transaction per slice, every event on its reader’s intent, the reasons from the search module', async () => {
    const events = spreadBatch('spread', 150, 10);
    // Slices of a number of events only: how many a time budget lets through depends on the machine.
    const slice = { events: recordSlice.events, ms: Number.POSITIVE_INFINITY };
    expect(events.length).toBeGreaterThan(2 * slice.events);
    const asked: NoResultSearch[] = [];
    const reasonOf = async (search: NoResultSearch) => {
      asked.push(search);
      return { reason: 'hiddenByAccess' as const, hiddenMatches: 3 };
    };
    const transactions = vi.spyOn(t.db, 'transaction');
    try {
      await recordEvents(t.db, keyOf, events, reasonOf, slice);
      // Three slices of events, then one of the ten reasons.
      expect(transactions).toHaveBeenCalledTimes(Math.ceil(events.length / slice.events) + 1);
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

  // SQLite has one connection: a batch written in a single transaction would hold it until the end.
  it.runIf(dialect === 'sqlite')('lets other queries use the connection between the slices of a large batch', async () => {
    const events = Array.from({ length: 2 * recordSlice.events + 50 }, (_, i) => searched(`turns-${i}`, 'pump', 0, ['d1']));
    const count = async () =>
      Number((await t.db.selectFrom('search_intents').select((eb) => eb.fn.countAll<number>().as('count')).where('userKey', 'like', 'key-turns-%').executeTakeFirstOrThrow()).count);
    const recording = recordEvents(t.db, keyOf, events, () => Promise.reject(new Error('no reason asked')));
    await nextTurn();
    const between = await count();
    await recording;
    // Read after the first slice: at most the slice's number of events, within its time.
    expect(between).toBeGreaterThan(0);
    expect(between).toBeLessThanOrEqual(recordSlice.events);
    expect(await count()).toBe(events.length);
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
