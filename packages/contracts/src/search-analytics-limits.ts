/*
 * The zod-free part of the search analytics contract (search-analytics.ts): limits, names and the grouping of
 * queries, which the browser may import without pulling zod into its bundle.
 */

/** The longest query text stored, in characters (longer texts are cut, as typed otherwise). */
export const searchAnalyticsMaxQueryLength = 200;
/** The longest range one call covers, in days. */
export const searchAnalyticsMaxDays = 766;
export const searchAnalyticsDefaultDays = 30;
export const searchAnalyticsTopMax = 100;

/** Why a search found nothing. */
export const noResultReasons = ['nothingExists', 'hiddenByAccess', 'otherLanguage'] as const;

/** The tables GET /api/Admin/analytics/export?table=… answers as CSV; the `query-…` ones need `query`. */
export const searchAnalyticsExportTables = ['top', 'rising', 'no-results', 'query-variants', 'query-documents'] as const;

/** Groups query texts: lower case, trimmed, single spaces, at most the stored length. */
export function normaliseSearchQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, searchAnalyticsMaxQueryLength);
}
