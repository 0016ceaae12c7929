import { z } from 'zod';
import { roleSchema } from './users.ts';
import { noResultReasons, searchAnalyticsExportTables, searchAnalyticsMaxDays, searchAnalyticsMaxQueryLength, searchAnalyticsTopMax } from './search-analytics-limits.ts';

/*
 * Search analytics of the publishing console (publishers and admins): what readers search for, what they
 * open and download afterwards, and why a search found nothing. One search intent is counted per
 * reader and query: typing ("run", "runn", "running" within a few seconds), paging and facet changes
 * belong to the same intent, which keeps its final query. Days are UTC calendar days.
 *
 *   GET /api/Admin/analytics/search/summary
 *   GET /api/Admin/analytics/search/top
 *   GET /api/Admin/analytics/search/no-results
 *   GET /api/Admin/analytics/search/queries/{query}
 *   GET /api/Admin/analytics/export?table=…   (CSV)
 */

export * from './search-analytics-limits.ts';

export const noResultReasonSchema = z.enum(noResultReasons);
export type NoResultReason = z.infer<typeof noResultReasonSchema>;

const code = z.string().trim().min(1).max(200);
const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;

/** The filters every route takes: an inclusive range of days (the last 30 by default), and who searched for what. */
export const searchAnalyticsFilterShape = {
  /** First day (YYYY-MM-DD); 29 days before `to` by default. */
  from: z.iso.date().optional(),
  /** Last day, included (YYYY-MM-DD); today by default. */
  to: z.iso.date().optional(),
  /** The reader's language (first language of the request), e.g. `fr` or `de-DE`; matches its primary subtag too. */
  locale: z.string().trim().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'is not a language code such as en or fr-FR').optional(),
  /** Only searches by readers with this role. */
  role: roleSchema.optional(),
  /** Only searches by users of this customer account. */
  account: code.optional(),
  /** Only searches filtered on this product (code). */
  product: code.optional(),
};

type RangeFields = { from?: string; to?: string };
const rangeChecks = <T extends z.ZodType<RangeFields>>(schema: T) =>
  schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be before from', path: ['to'] })
    .refine((query) => !query.from || !query.to || daysBetween(query.from, query.to) < searchAnalyticsMaxDays, {
      message: `covers at most ${searchAnalyticsMaxDays} days`,
      path: ['from'],
    });

export const searchAnalyticsFilterSchema = rangeChecks(z.object(searchAnalyticsFilterShape));
export type SearchAnalyticsFilter = z.infer<typeof searchAnalyticsFilterSchema>;

/** Query of /top, /no-results and /queries/{query}: the filters and how many rows. */
export const searchAnalyticsListQuerySchema = rangeChecks(
  z.object({ ...searchAnalyticsFilterShape, limit: z.coerce.number().int().min(1).max(searchAnalyticsTopMax).default(20) }),
);
export type SearchAnalyticsListQuery = z.infer<typeof searchAnalyticsListQuerySchema>;

/** The path parameter of /queries/{query}: the query as grouped (any case and spacing). */
export const searchAnalyticsQueryParamsSchema = z.object({
  query: z.string().trim().min(1, 'is required').max(searchAnalyticsMaxQueryLength, `is longer than ${searchAnalyticsMaxQueryLength} characters`),
});

const count = z.number().int().nonnegative();
/** A share between 0 and 1, or null when there is nothing to divide by. */
const share = z.number().min(0).max(1).nullable();

export const noResultCountsSchema = z.object({ nothingExists: count, hiddenByAccess: count, otherLanguage: count });
export type NoResultCounts = z.infer<typeof noResultCountsSchema>;

/** GET /api/Admin/analytics/search/summary */
export const searchAnalyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Search intents (not keystrokes or pages). */
  searches: count,
  /** Distinct readers (by pseudonymous key). */
  users: count,
  /** Intents that found nothing, and why. */
  noResults: count,
  noResultReasons: noResultCountsSchema,
  noResultRate: share,
  /** Each reason's share of all searches. */
  noResultRates: z.object({ nothingExists: share, hiddenByAccess: share, otherLanguage: share }),
  /** Searches with results after which at least one result was opened. */
  clickThroughRate: share,
  /** Mean position (1 = first) of the opened results. */
  averageClickPosition: z.number().nullable(),
  /** Searches with results after which nothing was opened, downloaded or refined. */
  bounceRate: share,
  /** Share of all searches after which a result was opened or downloaded. */
  conversionRate: share,
  /** Share of all searches after which a found document was downloaded. */
  downloadConversionRate: share,
  /** Share of all searches followed soon by another search of the same reader for something else. */
  refinementRate: share,
  /** Searches per day, every day of the range (oldest first). */
  series: z.array(z.object({ day: z.string(), searches: count, noResults: count })),
});
export type SearchAnalyticsSummary = z.infer<typeof searchAnalyticsSummarySchema>;

export const searchAnalyticsTopRowSchema = z.object({
  /** The query as grouped (lower case, single spaces). */
  query: z.string(),
  searches: count,
  users: count,
  noResults: count,
  clickThroughRate: share,
  averageClickPosition: z.number().nullable(),
});
export type SearchAnalyticsTopRow = z.infer<typeof searchAnalyticsTopRowSchema>;

export const searchAnalyticsRisingRowSchema = z.object({
  query: z.string(),
  searches: count,
  /** Searches in the period of the same length just before. */
  previousSearches: count,
  /** searches − previousSearches. */
  growth: z.number().int(),
});
export type SearchAnalyticsRisingRow = z.infer<typeof searchAnalyticsRisingRowSchema>;

/** GET /api/Admin/analytics/search/top */
export const searchAnalyticsTopSchema = z.object({
  from: z.string(),
  to: z.string(),
  top: z.array(searchAnalyticsTopRowSchema),
  rising: z.array(searchAnalyticsRisingRowSchema),
});
export type SearchAnalyticsTop = z.infer<typeof searchAnalyticsTopSchema>;

export const searchAnalyticsFacetsSchema = z.object({
  type: z.array(z.string()),
  product: z.array(z.string()),
  language: z.array(z.string()),
});
export type SearchAnalyticsFacets = z.infer<typeof searchAnalyticsFacetsSchema>;

export const searchAnalyticsNoResultRowSchema = z.object({
  query: z.string(),
  searches: count,
  users: count,
  reasons: noResultCountsSchema,
  /** The facets set at the latest of these searches. */
  lastFacets: searchAnalyticsFacetsSchema,
  lastSearchedAt: z.string(),
});
export type SearchAnalyticsNoResultRow = z.infer<typeof searchAnalyticsNoResultRowSchema>;

/** GET /api/Admin/analytics/search/no-results */
export const searchAnalyticsNoResultsSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(searchAnalyticsNoResultRowSchema),
});
export type SearchAnalyticsNoResults = z.infer<typeof searchAnalyticsNoResultsSchema>;

/** GET /api/Admin/analytics/search/queries/{query} */
export const searchAnalyticsQueryDetailSchema = z.object({
  from: z.string(),
  to: z.string(),
  query: z.string(),
  searches: count,
  users: count,
  noResults: count,
  noResultReasons: noResultCountsSchema,
  clickThroughRate: share,
  averageClickPosition: z.number().nullable(),
  bounceRate: share,
  /** The texts as typed that group under this query, most frequent first. */
  variants: z.array(z.object({ text: z.string(), searches: count })),
  /** What readers opened or downloaded after this query. */
  documents: z.array(
    z.object({
      documentId: z.string(),
      title: z.string(),
      opens: count,
      downloads: count,
      averagePosition: z.number().nullable(),
    }),
  ),
});
export type SearchAnalyticsQueryDetail = z.infer<typeof searchAnalyticsQueryDetailSchema>;

export const searchAnalyticsExportTableSchema = z.enum(searchAnalyticsExportTables);
export type SearchAnalyticsExportTable = z.infer<typeof searchAnalyticsExportTableSchema>;

export const searchAnalyticsExportQuerySchema = rangeChecks(
  z.object({
    ...searchAnalyticsFilterShape,
    table: searchAnalyticsExportTableSchema,
    query: searchAnalyticsQueryParamsSchema.shape.query.optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  }),
).refine((query) => !query.table.startsWith('query-') || query.query !== undefined, { message: 'is required for this table', path: ['query'] });
export type SearchAnalyticsExportQuery = z.infer<typeof searchAnalyticsExportQuerySchema>;
