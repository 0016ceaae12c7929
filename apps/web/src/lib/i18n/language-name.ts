const namesByLocale = new Map<string, Intl.DisplayNames>();

/** A language code as a name in the interface language (`fr` → "French", "français", "Französisch"). */
export function languageName(code: string, locale: string): string {
  let names = namesByLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    namesByLocale.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
