/** `items` with those in the reader's `language` (two-letter, or a locale such as de-DE) first, each part in its order. */
export function languageFirst<T>(items: readonly T[], language: string, languageOf: (item: T) => string): T[] {
  const reader = language.slice(0, 2).toLowerCase();
  const isReaders = (item: T) => languageOf(item).slice(0, 2).toLowerCase() === reader;
  return [...items.filter(isReaders), ...items.filter((item) => !isReaders(item))];
}
