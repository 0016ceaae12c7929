import type { Kysely } from 'kysely';
import {
  normaliseSearchQuery,
  searchAnalyticsDefaultDays,
  type SearchAnalyticsFacets,
  type SearchAnalyticsFilter,
  type SearchAnalyticsNoResults,
  type SearchAnalyticsQueryDetail,
  type SearchAnalyticsSummary,
  type SearchAnalyticsTop,
} from '@portal/contracts/search-analytics';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  actionDocuments,
  intentFigures,
  latestNoResultFacets,
  noResultQueries,
  queryVariants,
  risingQueries,
  searchesPerDay,
  topQueries,
  type Figures,
  type IntentFilter,
} from './search-analytics.repository.ts';
import {
  rolledDays,
  rolledDimensionSummary,
  rolledIntentFigures,
  rolledNoResults,
  rolledRising,
  rolledSlice,
  rolledTop,
} from './search-analytics-rollups.ts';

const dayMs = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * dayMs).toISOString().slice(0, 10);

/** The filter's days (the last 30 by default, today included) and its other conditions. */
export function intentFilter(query: SearchAnalyticsFilter, now = new Date()): IntentFilter {
  const toDay = query.to ?? now.toISOString().slice(0, 10);
  const fromDay = query.from ?? addDays(toDay, -(searchAnalyticsDefaultDays - 1));
  if (fromDay > toDay) throw badRequest('invalidRange', 'The first day of the period is after its last day.');
  return { fromDay, toDay, locale: query.locale, role: query.role, account: query.account, product: query.product };
}

/** A share, rounded to four places, or null when there is nothing to divide by. */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const mean = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 100) / 100);

function rates(figures: Figures) {
  return {
    clickThroughRate: share(figures.clicked, figures.withResults),
    averageClickPosition: mean(figures.positionSum, figures.opens),
    bounceRate: share(figures.bounced, figures.withResults),
  };
}

function reasons(figures: Figures) {
  return { nothingExists: figures.nothingExists, hiddenByAccess: figures.hiddenByAccess, otherLanguage: figures.otherLanguage };
}

type DaySearches = { day: string; searches: number; noResults: number };

/** The summary's figures and searches per day: from the roll-ups without a filter or with one of locale, role or product; else from the intents (an account through its index). */
async function summaryFigures(db: Kysely<Database>, filter: IntentFilter): Promise<{ figures: Figures; days: DaySearches[] }> {
  const slice = rolledSlice(filter);
  if (slice?.dimension) return rolledDimensionSummary(db, filter, slice.dimension);
  if (slice) {
    const [figures, days] = await Promise.all([rolledIntentFigures(db, filter), rolledDays(db, filter)]);
    return { figures, days };
  }
  const [figures, days] = await Promise.all([intentFigures(db, filter), searchesPerDay(db, filter)]);
  return { figures, days };
}

/** GET /api/Admin/analytics/search/summary */
export async function searchSummary(db: Kysely<Database>, query: SearchAnalyticsFilter): Promise<SearchAnalyticsSummary> {
  const filter = intentFilter(query);
  const { figures, days } = await summaryFigures(db, filter);
  return summaryOf(filter, figures, days);
}

/** The summary of the filter's figures and searches per day (days without any filled in). */
export function summaryOf(filter: IntentFilter, figures: Figures, days: DaySearches[]): SearchAnalyticsSummary {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const series = [];
  for (let day = filter.fromDay; day <= filter.toDay; day = addDays(day, 1)) series.push(byDay.get(day) ?? { day, searches: 0, noResults: 0 });
  return {
    from: filter.fromDay,
    to: filter.toDay,
    searches: figures.searches,
    users: figures.users,
    noResults: figures.noResults,
    noResultReasons: reasons(figures),
    noResultRate: share(figures.noResults, figures.searches),
    noResultRates: {
      nothingExists: share(figures.nothingExists, figures.searches),
      hiddenByAccess: share(figures.hiddenByAccess, figures.searches),
      otherLanguage: share(figures.otherLanguage, figures.searches),
    },
    ...rates(figures),
    conversionRate: share(figures.converted, figures.searches),
    downloadConversionRate: share(figures.downloaded, figures.searches),
    refinementRate: share(figures.refined, figures.searches),
    series,
  };
}

/** GET /api/Admin/analytics/search/top: the most searched queries, and those searched more than in the period before. */
export async function searchTop(db: Kysely<Database>, query: SearchAnalyticsFilter & { limit: number }): Promise<SearchAnalyticsTop> {
  const filter = intentFilter(query);
  const length = Math.round((Date.parse(filter.toDay) - Date.parse(filter.fromDay)) / dayMs) + 1;
  const previousFromDay = addDays(filter.fromDay, -length);
  const slice = rolledSlice(filter);
  const [top, rising] = await Promise.all([
    slice ? rolledTop(db, filter, slice, query.limit) : topQueries(db, filter, query.limit),
    slice ? rolledRising(db, filter, slice, previousFromDay, query.limit) : risingQueries(db, filter, previousFromDay, query.limit),
  ]);
  return {
    from: filter.fromDay,
    to: filter.toDay,
    top: top.map((row) => ({ query: row.queryKey, searches: row.searches, users: row.users, noResults: row.noResults, ...rates(row) })).map(({ bounceRate: _bounce, ...row }) => row),
    rising: rising.map((row) => ({ query: row.queryKey, searches: row.searches, previousSearches: row.previousSearches, growth: row.searches - row.previousSearches })),
  };
}

const noFacets: SearchAnalyticsFacets = { type: [], product: [], language: [] };

function parseFacets(text: string | undefined): SearchAnalyticsFacets {
  if (!text) return noFacets;
  const parsed = JSON.parse(text) as Partial<SearchAnalyticsFacets>;
  return { type: parsed.type ?? [], product: parsed.product ?? [], language: parsed.language ?? [] };
}

/** GET /api/Admin/analytics/search/no-results: the queries most often searched without a result, why, and with which facets last. */
export async function searchNoResults(db: Kysely<Database>, query: SearchAnalyticsFilter & { limit: number }): Promise<SearchAnalyticsNoResults> {
  const filter = intentFilter(query);
  const items = [];
  const slice = rolledSlice(filter);
  if (slice) {
    for (const row of await rolledNoResults(db, filter, slice, query.limit)) {
      items.push({ query: row.queryKey, searches: row.searches, users: row.users, reasons: row.reasons, lastFacets: parseFacets(row.facets), lastSearchedAt: row.lastAt });
    }
    return { from: filter.fromDay, to: filter.toDay, items };
  }
  for (const row of await noResultQueries(db, filter, query.limit)) {
    items.push({
      query: row.queryKey,
      searches: row.searches,
      users: row.users,
      reasons: row.reasons,
      lastFacets: parseFacets(await latestNoResultFacets(db, { ...filter, queryKey: row.queryKey })),
      lastSearchedAt: row.lastAt,
    });
  }
  return { from: filter.fromDay, to: filter.toDay, items };
}

/** GET /api/Admin/analytics/search/queries/{query}: one query's figures, the texts typed for it and what readers opened. */
export async function searchQueryDetail(db: Kysely<Database>, text: string, query: SearchAnalyticsFilter & { limit: number }): Promise<SearchAnalyticsQueryDetail> {
  const queryKey = normaliseSearchQuery(text);
  if (queryKey === '') throw badRequest('invalidQuery', 'Name the query to show.');
  const filter = { ...intentFilter(query), queryKey };
  const [figures, variants, documents] = await Promise.all([intentFigures(db, filter), queryVariants(db, filter, query.limit), actionDocuments(db, filter, query.limit)]);
  return {
    from: filter.fromDay,
    to: filter.toDay,
    query: queryKey,
    searches: figures.searches,
    users: figures.users,
    noResults: figures.noResults,
    noResultReasons: reasons(figures),
    ...rates(figures),
    variants,
    documents,
  };
}
