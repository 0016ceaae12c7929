/** Spec §2: the next-page button wraps from the last page to the first. */
export function nextPageNumber(current: number, pagesCount: number): number {
  if (pagesCount < 1) return 1;
  return current >= pagesCount ? 1 : current + 1;
}

/** The previous page, stopping at the first (the specification only asks the next button to wrap). */
export function previousPageNumber(current: number): number {
  return Math.max(1, current - 1);
}

/** A typed page number, or null when it names no page of the document. */
export function parsePageNumber(input: string, pagesCount: number): number | null {
  if (!/^\s*\d+\s*$/.test(input)) return null;
  const page = Number(input);
  return page >= 1 && page <= pagesCount ? page : null;
}
