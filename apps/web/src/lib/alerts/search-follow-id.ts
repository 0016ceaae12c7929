/** The resources query a "follow this search" stands for. */
export interface FollowedSearch {
  q: string;
  type: readonly string[];
  product: readonly string[];
  language: readonly string[];
}

const filterNames = ['type', 'product', 'language'] as const;

const unique = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))].sort();

/**
 * The item id of a followed search, in the form the API stores it (words lower case, sorted and
 * single-spaced, each filter's values sorted and comma-joined), so the control finds it among the
 * user's follows; null when the search names nothing to look for.
 */
export function searchFollowId(search: FollowedSearch): string | null {
  const words = unique(search.q.toLowerCase().split(/\s+/));
  const params = new URLSearchParams();
  if (words.length > 0) params.set('q', words.join(' '));
  for (const name of filterNames) {
    const values = unique(search[name]);
    if (values.length > 0) params.set(name, values.join(','));
  }
  const id = params.toString();
  return id === '' ? null : id;
}
