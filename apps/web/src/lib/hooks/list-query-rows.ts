/** What a console table reads of a list query (TanStack Query's result of a `{ items }` answer). */
interface ListQuery<T> {
  data?: { items: T[] };
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
}

/**
 * The rows props of a `DataTable` fed by a list query: its items, the loader while the first page or
 * another page loads, and the text shown without rows (`failed` when the query failed). Spread them into the table.
 */
export function listQueryRows<T>(query: ListQuery<T>, text: { empty: string; failed: string }) {
  return {
    records: query.data?.items ?? [],
    fetching: query.isPending || query.isPlaceholderData,
    noRecordsText: query.isError ? text.failed : text.empty,
  };
}
