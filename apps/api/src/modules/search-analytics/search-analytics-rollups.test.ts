import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { users } from '../../test/document-fixtures.ts';
import { runSearchAnalyticsRetention, runSearchAnalyticsRollups, searchAnalyticsRollupJob } from './search-analytics.jobs.ts';
import type { AnalyticsEvent } from './search-analytics.recorder.ts';
import { coverDays } from './search-analytics-rollups.ts';
import { recordEvents } from './search-intents.ts';
import { intentFigures, noResultQueries, risingQueries, searchesPerDay, topQueries } from './search-analytics.repository.ts';
import { intentFilter, summaryOf } from './search-analytics.service.ts';

const dayMs = 86_400_000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.parse(today) - days * dayMs).toISOString().slice(0, 10);
/** A time on the day `days` ago; today's are in the past minute, so they are never in the future. */
const at = (days: number, second: number) => (days === 0 ? new Date(now.getTime() - 60_000 + second * 100).toISOString() : `${daysAgo(days)}T09:00:${String(second).padStart(2, '0')}.000Z`);

function searched(userSub: string, text: string, when: string, total: number, extra: Partial<Extract<AnalyticsEvent, { kind: 'search' }>> = {}): AnalyticsEvent {
  const resultIds = Array.from({ length: Math.min(total, 3) }, (_, i) => `d${i + 1}`);
  return { kind: 'search', userSub, text, total, roles: ['customer'], account: null, locale: 'en', facets: { type: [], product: [], language: [] }, page: 1, pageSize: 24, resultIds, at: when, ...extra };
}

/**
 * Searches on days 0 (today) to 40 ago: each day some readers search queries of a small vocabulary, some find nothing
 * (with other facets on different days), some open, download or refine; roles, accounts, locales and products vary.
 */
function fixture(): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = [];
  const queries = ['pump', 'valve', 'motor', 'gripper', 'sensor', 'cable'];
  for (let day = 40; day >= 0; day -= day > 20 ? 7 : 1) {
    for (let reader = 0; reader < 6; reader++) {
      const sub = `r${(reader + day) % 9}`;
      const text = queries[(reader * 7 + day) % queries.length]!;
      const total = (reader + day) % 4 === 0 ? 0 : 3;
      const extra = {
        roles: reader % 3 === 0 ? ['partner'] : ['customer'],
        account: reader % 2 === 0 ? 'ACME' : null,
        locale: reader % 2 === 0 ? 'fr-fr' : 'de',
        facets: { type: [], product: day % 3 === 0 ? ['P1'] : [], language: [`l${day}`] },
      };
      events.push(searched(sub, text, at(day, reader * 5), total, extra));
      if (total > 0 && reader % 2 === 1) events.push({ kind: 'open', userSub: sub, documentId: `d${1 + (day % 3)}`, at: at(day, reader * 5 + 1) });
      if (total > 0 && reader === 4) events.push({ kind: 'download', userSub: sub, documentId: 'd1', at: at(day, reader * 5 + 2) });
    }
  }
  return events;
}

describe('covering days with roll-up blocks', () => {
  const day = (number: number) => new Date(number * dayMs).toISOString().slice(0, 10);
  it('takes the largest complete aligned blocks and reads the other days from the intents', () => {
    const complete = [
      { span: 4, fromDay: day(20_000) },
      { span: 2, fromDay: day(20_004) },
      { span: 1, fromDay: day(20_004) },
      { span: 1, fromDay: day(20_007) },
      { span: 8, fromDay: day(20_008) },
    ];
    expect(coverDays(complete, { fromDay: day(19_998), toDay: day(20_015) })).toEqual({
      blocks: [
        { span: 4, fromDay: day(20_000) },
        { span: 2, fromDay: day(20_004) },
        { span: 1, fromDay: day(20_007) },
        { span: 8, fromDay: day(20_008) },
      ],
      raw: [
        { fromDay: day(19_998), toDay: day(19_999) },
        { fromDay: day(20_006), toDay: day(20_006) },
      ],
    });
    // A block reaching past the period is not used.
    expect(coverDays(complete, { fromDay: day(20_008), toDay: day(20_010) })).toEqual({ blocks: [], raw: [{ fromDay: day(20_008), toDay: day(20_010) }] });
  });
});

describe.each(await testDialects())('search analytics roll-ups on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    await recordEvents(t.db, (sub) => `key-${sub}`, fixture(), async () => ({ reason: 'nothingExists' as const, hiddenMatches: 0 }));
  }, 60_000);
  afterAll(() => t.close());

  const admin = async (url: string, user: AuthUser = users.publisher) => {
    const response = await t.app.inject({ url, headers: await t.authHeaders(user) });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const periods = ['', `from=${daysAgo(40)}&to=${today}`, `from=${daysAgo(13)}&to=${daysAgo(2)}`, `from=${daysAgo(3)}&to=${daysAgo(3)}`];
  const filters = ['', 'role=partner', 'account=ACME', 'locale=fr', 'product=P1'];
  /** Every table of the dashboard for every period and filter. */
  const answers = async () => {
    const all: Record<string, unknown> = {};
    for (const period of periods) {
      for (const filter of filters) {
        const query = [period, filter].filter(Boolean).join('&');
        all[`summary?${query}`] = await admin(`/api/Admin/analytics/search/summary?${query}`);
        for (const table of ['top', 'no-results']) all[`${table}?${query}`] = await admin(`/api/Admin/analytics/search/${table}?${[query, 'limit=50'].filter(Boolean).join('&')}`);
      }
    }
    return all;
  };
  /** The tables' figures as the intents alone answer them (the repository's reads without roll-ups), keyed as `answers`. */
  const rawAnswers = async () => {
    const all: Record<string, unknown> = {};
    for (const period of periods) {
      for (const filter of filters) {
        const query = [period, filter].filter(Boolean).join('&');
        const params = Object.fromEntries(new URLSearchParams(query));
        const selected = intentFilter({ from: params.from, to: params.to, locale: params.locale, role: params.role as AuthUser['roles'][number] | undefined, account: params.account, product: params.product });
        all[`summary?${query}`] = summaryOf(selected, await intentFigures(t.db, selected), await searchesPerDay(t.db, selected));
        const length = Math.round((Date.parse(selected.toDay) - Date.parse(selected.fromDay)) / dayMs) + 1;
        const previousFromDay = new Date(Date.parse(selected.fromDay) - length * dayMs).toISOString().slice(0, 10);
        all[`top?${query}`] = {
          top: (await topQueries(t.db, selected, 50)).map((row) => ({ query: row.queryKey, searches: row.searches, users: row.users, noResults: row.noResults })),
          rising: (await risingQueries(t.db, selected, previousFromDay, 50)).map((row) => ({ query: row.queryKey, searches: row.searches, previousSearches: row.previousSearches })),
        };
        all[`no-results?${query}`] = (await noResultQueries(t.db, selected, 50)).map((row) => ({ query: row.queryKey, searches: row.searches, users: row.users, reasons: row.reasons, lastSearchedAt: row.lastAt }));
      }
    }
    return all;
  };
  type Answer = { searches: number; users: number; noResults: number; top: Array<Record<string, unknown>>; rising: Array<Record<string, unknown>>; items: Array<Record<string, unknown>> };
  const pick = (row: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((name) => [name, row[name]]));
  /** The dashboard's answers cut to the figures rawAnswers gives. */
  const servedFigures = (all: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(all as Record<string, Answer>).map(([key, answer]) => {
        if (key.startsWith('summary?')) return [key, answer];
        if (key.startsWith('top?')) return [key, { top: answer.top.map((row) => pick(row, ['query', 'searches', 'users', 'noResults'])), rising: answer.rising.map((row) => pick(row, ['query', 'searches', 'previousSearches'])) }];
        return [key, answer.items.map((row) => pick(row, ['query', 'searches', 'users', 'reasons', 'lastSearchedAt']))];
      }),
    );
  const completeBlocks = () => t.db.selectFrom('search_intent_rollup_blocks').select(['span', 'fromDay']).execute();
  const byEntry = (a: { dimension: string; value: string; userKey: string }, b: typeof a) =>
    `${a.dimension} ${a.value} ${a.userKey}`.localeCompare(`${b.dimension} ${b.value} ${b.userKey}`);
  /** Each reader's latest day per value of the locale, roles and products columns, as the triggers keep it and as the intents hold it. */
  const readerValues = async () => (await t.db.selectFrom('search_intent_reader_values').select(['dimension', 'value', 'userKey', 'lastDay']).execute()).sort(byEntry);
  const intentReaderValues = async () => {
    const entries = [];
    for (const dimension of ['locale', 'roles', 'products'] as const) {
      const rows = await t.db
        .selectFrom('search_intents')
        .select([sql.lit(dimension).as('dimension'), sql.ref<string>(dimension).as('value'), 'userKey', (eb) => eb.fn.max('day').as('lastDay')])
        .where(sql.ref(dimension), 'is not', null)
        .where(sql.ref(dimension), '<>', '')
        .groupBy([dimension, 'userKey'])
        .execute();
      entries.push(...rows);
    }
    return entries.sort(byEntry);
  };

  it('answers from the roll-ups exactly what the intents answer, with every filter', async () => {
    const raw = await answers();
    expect((raw['summary?'] as { searches: number }).searches).toBeGreaterThan(100);
    const rolled = await runSearchAnalyticsRollups(t.db, now);
    expect(rolled.days).toBe(40);
    expect(rolled.blocks).toBeGreaterThan(10);
    expect((await completeBlocks()).some((block) => block.fromDay === today)).toBe(false);
    const rolledAnswers = await answers();
    expect(rolledAnswers).toEqual(raw);
    expect(servedFigures(rolledAnswers)).toEqual(await rawAnswers());
    // Blocks of 2 days and more are rolled up per locale, roles and products; the readers' latest days are kept.
    const dimensions = await t.db.selectFrom('search_intent_dimension_rollups').select('dimension').distinct().execute();
    expect(dimensions.map((row) => row.dimension).sort()).toEqual(['locale', 'products', 'roles']);
    const latest = await t.db.selectFrom('search_intents').select(['userKey', (eb) => eb.fn.max('day').as('lastDay')]).groupBy('userKey').orderBy('userKey').execute();
    expect(await t.db.selectFrom('search_intent_readers').select(['userKey', 'lastDay']).orderBy('userKey').execute()).toEqual(latest);
    expect((await readerValues()).length).toBeGreaterThan(10);
    expect(await readerValues()).toEqual(await intentReaderValues());
    // Single days hold the figures of all queries per value only.
    const dayRows = await t.db.selectFrom('search_intent_dimension_rollups').select('queryKey').distinct().where('span', '=', 1).execute();
    expect(dayRows).toEqual([{ queryKey: '' }]);
    // A second run has nothing left to do, and the next run is queued.
    expect(await runSearchAnalyticsRollups(t.db, now)).toEqual({ days: 0, blocks: 0 });
    const queued = await t.db.selectFrom('jobs').select('runAfter').where('kind', '=', searchAnalyticsRollupJob).execute();
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued.every((job) => new Date(job.runAfter).getUTCMinutes() === 5)).toBe(true);
  });

  it('reads the roll-ups (a figure changed in them shows)', async () => {
    const before = await admin(`/api/Admin/analytics/search/summary?from=${daysAgo(40)}&to=${daysAgo(1)}`);
    await t.db.updateTable('search_intent_rollups').set((eb) => ({ searches: eb('searches', '+', 1000) })).where('span', '=', 1).where('fromDay', '=', daysAgo(5)).where('queryKey', '=', '').execute();
    // Roll-ups exist for the changed day's blocks only while they are complete: the summary of a period holding it reads them.
    const changed = await admin(`/api/Admin/analytics/search/summary?from=${daysAgo(5)}&to=${daysAgo(5)}`);
    expect(changed.searches).toBeGreaterThan(1000);
    await t.db.updateTable('search_intent_rollups').set((eb) => ({ searches: eb('searches', '-', 1000) })).where('span', '=', 1).where('fromDay', '=', daysAgo(5)).where('queryKey', '=', '').execute();
    expect(await admin(`/api/Admin/analytics/search/summary?from=${daysAgo(40)}&to=${daysAgo(1)}`)).toEqual(before);
    // A table filtered by role reads the rows split by roles.
    const partnerTop = `/api/Admin/analytics/search/top?from=${daysAgo(40)}&to=${daysAgo(1)}&role=partner`;
    const topBefore = await admin(partnerTop);
    const shift = async (by: number) =>
      t.db.updateTable('search_intent_dimension_rollups').set((eb) => ({ searches: eb('searches', '+', by) })).where('dimension', '=', 'roles').where('value', '=', ',partner,').execute();
    await shift(1000);
    expect((await admin(partnerTop)).top[0].searches).toBeGreaterThan(1000);
    await shift(-1000);
    expect(await admin(partnerTop)).toEqual(topBefore);
    // A summary filtered by role reads the day rows of all queries per roles value.
    const partnerSummary = `/api/Admin/analytics/search/summary?from=${daysAgo(40)}&to=${daysAgo(1)}&role=partner`;
    const summaryBefore = await admin(partnerSummary);
    const shiftDay = async (by: number) =>
      t.db
        .updateTable('search_intent_dimension_rollups')
        .set((eb) => ({ searches: eb('searches', '+', by) }))
        .where('span', '=', 1)
        .where('fromDay', '=', daysAgo(5))
        .where('dimension', '=', 'roles')
        .where('value', '=', ',partner,')
        .execute();
    await shiftDay(1000);
    const shifted = await admin(partnerSummary);
    expect(shifted.searches).toBe(summaryBefore.searches + 1000);
    expect(shifted.series.find((day: { day: string }) => day.day === daysAgo(5)).searches).toBeGreaterThan(1000);
    await shiftDay(-1000);
    expect(await admin(partnerSummary)).toEqual(summaryBefore);
  });

  it('shows a search at once: today’s and a late one on a rolled-up day, which is rolled up again by the next run', async () => {
    const period = `from=${daysAgo(40)}&to=${today}`;
    const before = await admin(`/api/Admin/analytics/search/summary?${period}`);
    const top = await admin(`/api/Admin/analytics/search/top?${period}&limit=50`);
    const blocksBefore = await completeBlocks();
    await recordEvents(t.db, (sub) => `key-${sub}`, [searched('late', 'zebra', at(3, 59), 0), searched('now', 'zebra', new Date().toISOString(), 2)], async () => ({
      reason: 'hiddenByAccess' as const,
      hiddenMatches: 1,
    }));
    const after = await admin(`/api/Admin/analytics/search/summary?${period}`);
    expect(after).toMatchObject({ searches: before.searches + 2, users: before.users + 2, noResults: before.noResults + 1 });
    expect(after.noResultReasons.hiddenByAccess).toBe(before.noResultReasons.hiddenByAccess + 1);
    expect((await admin(`/api/Admin/analytics/search/top?${period}&limit=50`)).top.find((row: { query: string }) => row.query === 'zebra')).toMatchObject({ searches: 2, users: 2, noResults: 1 });
    expect(top.top.find((row: { query: string }) => row.query === 'zebra')).toBeUndefined();
    // Every block holding the late day is no longer complete; the others are.
    const blocksAfter = await completeBlocks();
    const holds = (block: { span: number; fromDay: string }, day: string) => block.fromDay <= day && day < new Date(Date.parse(block.fromDay) + block.span * dayMs).toISOString().slice(0, 10);
    expect(blocksAfter).toEqual(expect.arrayContaining(blocksBefore.filter((block) => !holds(block, daysAgo(3)))));
    expect(blocksAfter.filter((block) => holds(block, daysAgo(3)))).toEqual([]);
    // A reader continues an intent with another product and locale: the values it no longer holds count from their other intents.
    const facets = (product: string[]) => ({ facets: { type: [], product, language: [] } });
    await recordEvents(t.db, (sub) => `key-${sub}`, [
      searched('mover', 'widget', at(6, 40), 2, { ...facets(['P7']), locale: 'fr-fr' }),
      searched('mover', 'widget', at(3, 40), 2, { ...facets(['P7']), locale: 'fr-fr' }),
    ]);
    await recordEvents(t.db, (sub) => `key-${sub}`, [searched('mover', 'widget', at(3, 41), 2, { ...facets([]), locale: 'de' })]);
    expect(await readerValues()).toEqual(await intentReaderValues());
    expect((await readerValues()).filter((entry) => entry.userKey === 'key-mover')).toEqual([
      { dimension: 'locale', value: 'de', userKey: 'key-mover', lastDay: daysAgo(3) },
      { dimension: 'locale', value: 'fr-fr', userKey: 'key-mover', lastDay: daysAgo(6) },
      { dimension: 'products', value: ',P7,', userKey: 'key-mover', lastDay: daysAgo(6) },
      { dimension: 'roles', value: ',customer,', userKey: 'key-mover', lastDay: daysAgo(3) },
    ]);
    for (const filter of ['product=P7', 'locale=fr', 'locale=de']) {
      const query = `from=${daysAgo(40)}&to=${today}&${filter}`;
      const params = Object.fromEntries(new URLSearchParams(query));
      const selected = intentFilter({ from: params.from, to: params.to, locale: params.locale, product: params.product });
      expect(await admin(`/api/Admin/analytics/search/summary?${query}`), query).toEqual(summaryOf(selected, await intentFigures(t.db, selected), await searchesPerDay(t.db, selected)));
    }
    const mixed = await answers();
    expect(servedFigures(mixed)).toEqual(await rawAnswers());
    // The late day and the mover's earlier one.
    expect(await runSearchAnalyticsRollups(t.db, now)).toMatchObject({ days: 2 });
    expect(await answers()).toEqual(mixed);
    const noResults = await admin(`/api/Admin/analytics/search/no-results?from=${daysAgo(3)}&to=${daysAgo(3)}`);
    expect(noResults.items.find((row: { query: string }) => row.query === 'zebra')).toMatchObject({ searches: 1, users: 1, reasons: { hiddenByAccess: 1 } });
  });

  it('answers the latest facets of a query without a result across blocks and days', async () => {
    const { items } = await admin(`/api/Admin/analytics/search/no-results?from=${daysAgo(40)}&to=${daysAgo(1)}&limit=50`);
    const rows = await t.db.selectFrom('search_intents').select(['queryKey', 'facets', 'lastAt']).where('resultCount', '=', 0).where('day', '<=', daysAgo(1)).orderBy('lastAt', 'desc').execute();
    for (const item of items as Array<{ query: string; lastFacets: unknown; lastSearchedAt: string }>) {
      const latest = rows.find((row) => row.queryKey === item.query)!;
      expect(item.lastSearchedAt).toBe(latest.lastAt);
      expect(item.lastFacets).toEqual(JSON.parse(latest.facets));
    }
    expect(items.length).toBeGreaterThan(2);
  });

  it('deletes the roll-ups of days past the retention with their intents', async () => {
    const cutoffNow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    await runSearchAnalyticsRetention(t.db, 1, cutoffNow);
    const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const left = await t.db.selectFrom('search_intent_rollups').select('fromDay').where('fromDay', '<', cutoff).execute();
    expect(left).toEqual([]);
    expect((await completeBlocks()).filter((block) => block.fromDay < cutoff)).toEqual([]);
    expect(await t.db.selectFrom('search_intent_dimension_rollups').select('fromDay').where('fromDay', '<', cutoff).execute()).toEqual([]);
    expect(await t.db.selectFrom('search_intent_readers').select('userKey').where('lastDay', '<', cutoff).execute()).toEqual([]);
    expect(await readerValues()).toEqual(await intentReaderValues());
    expect(servedFigures(await answers())).toEqual(await rawAnswers());
    const summary = await admin(`/api/Admin/analytics/search/summary?from=${daysAgo(40)}&to=${today}`);
    const intents = await t.db.selectFrom('search_intents').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    expect(summary.searches).toBe(Number(intents.count));
  });
});
