import { useCallback, useState } from 'react';

/**
 * Pages of a list that answers a cursor for the next page (newest first): remembers the cursor of
 * each page seen, so "newer" goes back exactly to the page before.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  return {
    /** The cursor of the page shown (undefined for the first). */
    cursor: cursors[cursors.length - 1],
    /** 1 for the newest page. */
    pageNumber: cursors.length,
    older: useCallback((nextCursor: number) => setCursors((seen) => [...seen, nextCursor]), []),
    newer: useCallback(() => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)), []),
    /** Back to the newest page (when the filters change). */
    reset: useCallback(() => setCursors([undefined]), []),
  };
}
