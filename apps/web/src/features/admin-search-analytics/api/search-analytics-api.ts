import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchAnalyticsDefaultDays } from '@portal/contracts/search-analytics-limits';
import type {
  SearchAnalyticsExportTable,
  SearchAnalyticsNoResults,
  SearchAnalyticsQueryDetail,
  SearchAnalyticsSummary,
  SearchAnalyticsTop,
} from '@portal/contracts/search-analytics';
import { apiClient } from '../../../lib/api-client/client';
import { saveBlob } from '../../../lib/download/download-file';

/** The dashboard's period (UTC days, YYYY-MM-DD, inclusive) and filters as the page holds them; empty means any. */
export interface SearchAnalyticsFilters {
  from: string;
  to: string;
  locale: string;
  role: string;
  account: string;
  product: string;
}

const dayMs = 86_400_000;

/** The last 30 days, unfiltered. */
export function defaultSearchAnalyticsFilters(now = new Date()): SearchAnalyticsFilters {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now.getTime() - (searchAnalyticsDefaultDays - 1) * dayMs), to: day(now.getTime()), locale: '', role: '', account: '', product: '' };
}

/** The query parameters of the filters that are set. */
export function searchAnalyticsQuery(filters: SearchAnalyticsFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value.trim()]).filter(([, value]) => value !== ''));
}

const base = '/api/Admin/analytics/search';
const get = <T,>(path: string, filters: SearchAnalyticsFilters, signal?: AbortSignal) =>
  apiClient.get<T>(`${base}${path}`, { signal, notifyOnError: false, query: searchAnalyticsQuery(filters) });

export const summaryQueryOptions = (filters: SearchAnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'search-analytics', 'summary', filters],
    queryFn: ({ signal }) => get<SearchAnalyticsSummary>('/summary', filters, signal),
    placeholderData: keepPreviousData,
  });

export const topQueryOptions = (filters: SearchAnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'search-analytics', 'top', filters],
    queryFn: ({ signal }) => get<SearchAnalyticsTop>('/top', filters, signal),
    placeholderData: keepPreviousData,
  });

export const noResultsQueryOptions = (filters: SearchAnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'search-analytics', 'no-results', filters],
    queryFn: ({ signal }) => get<SearchAnalyticsNoResults>('/no-results', filters, signal),
    placeholderData: keepPreviousData,
  });

export const queryDetailQueryOptions = (query: string, filters: SearchAnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'search-analytics', 'query', query, filters],
    queryFn: ({ signal }) => get<SearchAnalyticsQueryDetail>(`/queries/${encodeURIComponent(query)}`, filters, signal),
  });

/** GET /api/Admin/analytics/export?table=… with the filters (and the query of a query's tables), saved as a CSV file. */
export async function downloadSearchAnalyticsCsv(table: SearchAnalyticsExportTable, filters: SearchAnalyticsFilters, query?: string): Promise<void> {
  const blob = await apiClient.get<Blob>('/api/Admin/analytics/export', {
    query: { ...searchAnalyticsQuery(filters), table, ...(query === undefined ? {} : { query }) },
    responseType: 'blob',
  });
  saveBlob(blob, `search-${table}-${filters.from}-${filters.to}.csv`);
}
