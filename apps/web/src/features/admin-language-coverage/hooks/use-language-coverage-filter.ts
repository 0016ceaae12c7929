import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { LanguageCoverageFilter } from '../api/language-coverage-api';

/** The longest market id or product code the address may carry (the API's bound). */
const maxLength = 200;

const valueOf = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim();
  return value && value.length <= maxLength ? value : null;
};

/** The report's filters from the address (`?market=dach&product=ARM6`); anything blank or too long reads as unset. */
export function parseLanguageCoverageFilter(params: URLSearchParams): LanguageCoverageFilter {
  return { market: valueOf(params, 'market'), product: valueOf(params, 'product') };
}

export function toLanguageCoverageParams({ market, product }: LanguageCoverageFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (market) params.set('market', market);
  if (product) params.set('product', product);
  return params;
}

/** The market and product filters, kept in the address so a filtered report can be linked to. */
export function useLanguageCoverageFilter(): [LanguageCoverageFilter, (patch: Partial<LanguageCoverageFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseLanguageCoverageFilter(params), [params]);
  const update = useCallback(
    (patch: Partial<LanguageCoverageFilter>) => setParams((current) => toLanguageCoverageParams({ ...parseLanguageCoverageFilter(current), ...patch })),
    [setParams],
  );
  return [filter, update];
}
