/** Software items per page of the list. */
export const softwarePageSize = 24;

/** What the software list shows, as it lives in the address bar (`?q=&category=&page=`). */
export interface SoftwareListState {
  q: string;
  category: string | null;
  page: number;
}

export function parseSoftwareListState(params: URLSearchParams): SoftwareListState {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    category: params.get('category')?.trim() || null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Leaves defaults out so links stay short. */
export function toSoftwareListParams(state: SoftwareListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A new text or category starts again at the first page; only a page change keeps the rest. */
export function changeSoftwareListState(state: SoftwareListState, patch: Partial<SoftwareListState>): SoftwareListState {
  const next = { ...state, ...patch };
  return 'page' in patch ? next : { ...next, page: 1 };
}
