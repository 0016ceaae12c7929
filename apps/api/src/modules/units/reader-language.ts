/** At most this many entries of an Accept-Language header are read: the header is the client's to make long. */
const maxEntries = 20;
const entryPattern = /^([a-zA-Z]{1,8})(?:-[a-zA-Z0-9]{1,8})*$/;

/**
 * The two-letter languages of an Accept-Language header, most wanted first (ties keep the header's order,
 * which is the browser's or account's order); `*`, malformed entries and q=0 are left out.
 */
export function readerLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const entries = header.slice(0, 1000).split(',', maxEntries).flatMap((part, index) => {
    const [tag = '', ...parameters] = part.trim().split(';');
    const match = entryPattern.exec(tag.trim());
    if (!match) return [];
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return Number.isFinite(weight) && weight > 0 ? [{ language: match[1]!.toLowerCase(), weight, index }] : [];
  });
  entries.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(entries.map((entry) => entry.language))];
}

/** The reader's language: the first of the Accept-Language header's, else `fallback`. */
export const readerLanguage = (header: string | undefined, fallback = 'en'): string => readerLanguages(header)[0] ?? fallback;

/** `items` with those in `language` first, the others after in their order (a stable partition). */
export function languageFirst<T>(items: readonly T[], language: string, languageOf: (item: T) => string): T[] {
  return [...items.filter((item) => languageOf(item) === language), ...items.filter((item) => languageOf(item) !== language)];
}
