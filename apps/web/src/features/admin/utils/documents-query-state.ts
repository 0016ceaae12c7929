import {
  adminDocumentPageSizeMax,
  adminDocumentSorts,
  adminDocumentStates,
  type AdminDocumentListQuery,
  type AdminDocumentSort,
} from '@portal/contracts/admin-document-list';

/** The console's document table as it lives in the address bar (`/admin/documents?q=…&type=…`). */
export interface DocumentsQueryState {
  q: string;
  type: string | null;
  language: string | null;
  product: string | null;
  audience: 'everyone' | 'restricted' | null;
  state: (typeof adminDocumentStates)[number] | null;
  sort: AdminDocumentSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const defaultDocumentsQueryState: DocumentsQueryState = {
  q: '', type: null, language: null, product: null, audience: null, state: null, sort: 'updatedAt', direction: 'desc', page: 1, pageSize: 25,
};
export const documentsPageSizes = [10, 25, 50, 100] as const;

const filterNames = ['type', 'language', 'product'] as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

function positiveInteger(value: string | null, max: number): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= max ? number : null;
}

/** Reads the state; anything missing or malformed falls back to its default. */
export function parseDocumentsQueryState(params: URLSearchParams): DocumentsQueryState {
  const defaults = defaultDocumentsQueryState;
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    q: params.get('q') ?? '',
    type: text('type'),
    language: text('language'),
    product: text('product'),
    audience: oneOf(params.get('audience'), ['everyone', 'restricted'] as const),
    state: oneOf(params.get('state'), adminDocumentStates),
    sort: oneOf(params.get('sort'), adminDocumentSorts) ?? defaults.sort,
    direction: oneOf(params.get('direction'), ['asc', 'desc'] as const) ?? defaults.direction,
    page: positiveInteger(params.get('page'), 100_000) ?? 1,
    pageSize: positiveInteger(params.get('pageSize'), adminDocumentPageSizeMax) ?? defaults.pageSize,
  };
}

/** Writes the state as search parameters, leaving out defaults so links stay short. */
export function toDocumentsSearchParams(state: DocumentsQueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  for (const name of [...filterNames, 'audience', 'state'] as const) {
    const value = state[name];
    if (value) params.set(name, value);
  }
  if (state.sort !== defaultDocumentsQueryState.sort || state.direction !== defaultDocumentsQueryState.direction) {
    params.set('sort', state.sort);
    params.set('direction', state.direction);
  }
  if (state.pageSize !== defaultDocumentsQueryState.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Any change of what is shown (text, filters, sort, page size) starts again at the first page. */
export function changeDocumentsQueryState(state: DocumentsQueryState, patch: Partial<DocumentsQueryState>): DocumentsQueryState {
  const next = { ...state, ...patch };
  return 'page' in patch ? next : { ...next, page: 1 };
}

/** The API query of GET /api/Admin/documents for a state. */
export function toListQuery(state: DocumentsQueryState): Partial<AdminDocumentListQuery> {
  const query: Partial<AdminDocumentListQuery> = { sort: state.sort, direction: state.direction, page: state.page, pageSize: state.pageSize };
  if (state.q.trim()) query.q = state.q.trim();
  for (const name of [...filterNames, 'audience', 'state'] as const) {
    const value = state[name];
    if (value) Object.assign(query, { [name]: value });
  }
  return query;
}
