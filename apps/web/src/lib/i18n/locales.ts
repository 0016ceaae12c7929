export const supportedLocales = ['en-US', 'fr-FR', 'de-DE'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en-US';

/** Names shown in the language menu, each in its own language. */
export const localeNames: Record<Locale, string> = {
  'en-US': 'English',
  'fr-FR': 'Français',
  'de-DE': 'Deutsch',
};

/** Maps any browser tag ('fr', 'fr-CA', 'de-AT', 'en-GB') to the closest supported locale. */
export function toSupportedLocale(tag: string | null | undefined): Locale {
  if (!tag) return defaultLocale;
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split(/[-_]/)[0].toLowerCase();
  return supportedLocales.find((locale) => locale.startsWith(`${language}-`)) ?? defaultLocale;
}

/** The supported locale closest to the browser's preferred language. */
export function browserLocale(languages: readonly string[] = navigator.languages, language: string = navigator.language): Locale {
  return toSupportedLocale(languages[0] ?? language);
}

export function isSupportedLocale(tag: string): tag is Locale {
  return (supportedLocales as readonly string[]).includes(tag);
}

/**
 * The Accept-Language the API is sent: the interface language first (the server orders variants and
 * notices by it), then the browser's languages in their order, with falling weights. Tags that are not
 * plain language tags are left out.
 */
export function acceptLanguageHeader(interfaceLanguage: string, browserLanguages: readonly string[] = navigator.languages): string {
  const tags: string[] = [];
  for (const tag of [interfaceLanguage, ...browserLanguages]) {
    if (/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,3}$/.test(tag) && !tags.some((seen) => seen.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags
    .slice(0, 10)
    .map((tag, index) => (index === 0 ? tag : `${tag};q=${Math.max(0.1, 1 - index / 10).toFixed(1)}`))
    .join(', ');
}
