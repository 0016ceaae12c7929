import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductList } from '@portal/contracts/retention';
import { apiClient } from '../../../lib/api-client/client';

const productsKey = ['admin', 'products'] as const;

/** GET /api/Admin/products: every product with its expected lifetime. */
export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: productsKey, queryFn: ({ signal }) => apiClient.get<AdminProductList>('/api/Admin/products', { signal, notifyOnError: false }) });

/**
 * PATCH /api/Admin/products/{code} `{lifetimeYears}`. The value goes as typed (null when empty), so the
 * API's own reason for a bad one ("must be at least 1 year") is what the form shows.
 */
export function useUpdateProductLifetime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, lifetimeYears }: { code: string; lifetimeYears: number | null }) =>
      apiClient.request<AdminProduct>('PATCH', `/api/Admin/products/${encodeURIComponent(code)}`, { body: { lifetimeYears }, notifyOnError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: productsKey }),
  });
}
