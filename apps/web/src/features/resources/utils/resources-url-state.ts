import type { SearchParams, SearchSort } from '../../../lib/search/search-api';

/** Issue #4: 24 results per page. */
export const resourcesPageSize = 24;

export const facetNames = ['type', 'product', 'language'] as const;
export type FacetName = (typeof facetNames)[number];

const sorts: readonly SearchSort[] = ['relevance', 'newest', 'title'];

/** Everything the resources page shows, as it lives in the address bar: the search without its page size. */
export type ResourcesState = Omit<SearchParams, 'pageSize'>;

function values(params: URLSearchParams, name: string): string[] {
  const all = params.getAll(name).flatMap((value) => value.split(','));
  return [...new Set(all.map((value) => value.trim()).filter((value) => value !== ''))];
}

/** Reads the state from the URL; anything missing or malformed falls back to its default. */
export function parseResourcesState(params: URLSearchParams): ResourcesState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    type: values(params, 'type'),
    product: values(params, 'product'),
    language: values(params, 'language'),
    sort: sorts.includes(sort as SearchSort) ? (sort as SearchSort) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(params.get('exact') === 'true' && { exact: true }),
  };
}

/** Writes the state as search parameters, leaving out defaults so links stay short. */
export function toResourcesSearchParams(state: ResourcesState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  for (const name of facetNames) for (const value of state[name]) params.append(name, value);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.exact && state.q.trim()) params.set('exact', 'true');
  return params;
}

/**
 * The state after a change: any change of what is looked for (text, filters, sort) starts again
 * at the first page; only a page change keeps the rest. `exact` (the words as typed, no
 * corrections) lasts until the text changes.
 */
export function changeResourcesState(state: ResourcesState, patch: Partial<ResourcesState>): ResourcesState {
  const next = { ...state, ...patch };
  // New words are corrected again unless the change itself asks for them as typed.
  if ('q' in patch && !('exact' in patch)) delete next.exact;
  return 'page' in patch ? next : { ...next, page: 1 };
}

export function toSearchParams(state: ResourcesState): SearchParams {
  return { ...state, q: state.q.trim(), pageSize: resourcesPageSize };
}
