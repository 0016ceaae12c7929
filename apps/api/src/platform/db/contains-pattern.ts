/** A case-insensitive LIKE pattern (compare with `lower(column)`, `escape '\'`) that finds `text` literally: a search for `50%` finds "50%". */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
