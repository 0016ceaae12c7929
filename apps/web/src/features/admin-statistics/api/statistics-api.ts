import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminProductList } from '@portal/contracts/retention';
import { statisticsDefaultDays, type StatisticsGroupBy, type StatisticsResponse } from '@portal/contracts/statistics';
import { apiClient } from '../../../lib/api-client/client';
import { saveBlob } from '../../../lib/download/download-file';

/** The statistics' range (UTC days, YYYY-MM-DD, inclusive), grouping and filters as the page holds them. */
export interface StatisticsFilters {
  from: string;
  to: string;
  groupBy: StatisticsGroupBy;
  /** Product code and account, or empty. */
  product: string;
  account: string;
}

const dayMs = 86_400_000;

/** The last 30 days, by day, unfiltered. */
export function defaultStatisticsFilters(now = new Date()): StatisticsFilters {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now.getTime() - (statisticsDefaultDays - 1) * dayMs), to: day(now.getTime()), groupBy: 'day', product: '', account: '' };
}

/** The query parameters of the filters that are set. */
export function statisticsQuery(filters: StatisticsFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value.trim()]).filter(([, value]) => value !== ''));
}

/** GET /api/Admin/statistics: the series and top documents. The page shows its own errors. */
export function getStatistics(filters: StatisticsFilters, signal?: AbortSignal): Promise<StatisticsResponse> {
  return apiClient.get('/api/Admin/statistics', { signal, notifyOnError: false, query: statisticsQuery(filters) });
}

export const statisticsQueryOptions = (filters: StatisticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'statistics', filters],
    queryFn: ({ signal }) => getStatistics(filters, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/Admin/statistics/export with the filters, with the user's token, saved as a CSV file. */
export async function downloadStatisticsCsv(filters: StatisticsFilters): Promise<void> {
  const blob = await apiClient.get<Blob>('/api/Admin/statistics/export', { query: statisticsQuery(filters), responseType: 'blob' });
  saveBlob(blob, `statistics-${filters.from}-${filters.to}.csv`);
}

/** GET /api/Admin/products: the real products, the product filter's choices (the same cache as the products page). */
export const statisticsProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'products'],
    queryFn: ({ signal }) => apiClient.get<AdminProductList>('/api/Admin/products', { signal, notifyOnError: false }),
    staleTime: 5 * 60_000,
  });
