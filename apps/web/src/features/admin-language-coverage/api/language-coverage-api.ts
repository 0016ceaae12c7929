import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LanguageCoverage } from '@portal/contracts/language-coverage';
import type { AdminProductList } from '@portal/contracts/retention';
import { apiClient } from '../../../lib/api-client/client';
import type { BlobFetcher } from '../../../lib/download/use-file-download';

export interface LanguageCoverageFilter {
  /** A market's id, or null for every content language. */
  market: string | null;
  /** A product code, or null for every product. */
  product: string | null;
}

const coverageKey = ['admin', 'language-coverage'] as const;

const queryOf = ({ market, product }: LanguageCoverageFilter) => ({ ...(market ? { market } : {}), ...(product ? { product } : {}) });

/** GET /api/Admin/language-coverage: per product × document type and language, current, behind or missing. */
export const languageCoverageQueryOptions = (filter: LanguageCoverageFilter) =>
  queryOptions({
    queryKey: [...coverageKey, filter],
    queryFn: ({ signal }) => apiClient.get<LanguageCoverage>('/api/Admin/language-coverage', { signal, notifyOnError: false, query: queryOf(filter) }),
    placeholderData: keepPreviousData,
  });

/** GET /api/Admin/products: the products the report can be narrowed to. */
export const coverageProductsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'products'], queryFn: ({ signal }) => apiClient.get<AdminProductList>('/api/Admin/products', { signal, notifyOnError: false }) });

/** The report as CSV with the same filters, fetched with the user's token (a plain link would carry none). */
export function languageCoverageCsvBlob(filter: LanguageCoverageFilter): BlobFetcher {
  return () => apiClient.get<Blob>('/api/Admin/language-coverage', { responseType: 'blob', query: { ...queryOf(filter), format: 'csv' } });
}
