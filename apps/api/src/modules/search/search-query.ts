/** Most words a query may use; the rest are ignored (each word is one more index lookup). */
export const maxSearchTerms = 8;

/**
 * The words of a search box query, lower case: runs of letters and digits. Everything else,
 * operators of either engine included (`"`, `*`, `:`, `&`, `|`, `!`, `(`, `-`, `NEAR` as a word is
 * harmless), is a separator, so user input can never change the shape of the full-text query.
 */
export function parseSearchTerms(q: string | undefined): string[] {
  const words = (q ?? '').normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, maxSearchTerms);
}

/** FTS5 query: every word as a quoted prefix, all required (`"gri"* "man"*`). */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' ');
}

/** PostgreSQL tsquery text: every word as a prefix, all required (`gri:* & man:*`). */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}
