import { describe, expect, it } from 'vitest';
import { acceptLanguageHeader, browserLocale, toSupportedLocale } from './locales';

describe('toSupportedLocale', () => {
  it('maps browser tags to the closest supported locale, English (US) by default', () => {
    expect(toSupportedLocale('fr')).toBe('fr-FR');
    expect(toSupportedLocale('fr-CA')).toBe('fr-FR');
    expect(toSupportedLocale('de-AT')).toBe('de-DE');
    expect(toSupportedLocale('en-GB')).toBe('en-US');
    expect(toSupportedLocale('DE-de')).toBe('de-DE');
    expect(toSupportedLocale('ja')).toBe('en-US');
    expect(toSupportedLocale(undefined)).toBe('en-US');
  });
});

describe('browserLocale', () => {
  it("takes the browser's first preferred language, or its language when it lists none", () => {
    expect(browserLocale(['de-AT', 'en'], 'de-AT')).toBe('de-DE');
    expect(browserLocale(['ja', 'fr'], 'ja')).toBe('en-US');
    expect(browserLocale([], 'fr-BE')).toBe('fr-FR');
  });
});

describe('acceptLanguageHeader', () => {
  it("puts the interface language first, then the browser's languages once each, with falling weights", () => {
    expect(acceptLanguageHeader('de-DE', ['en-US', 'de-DE', 'fr'])).toBe('de-DE, en-US;q=0.9, fr;q=0.8');
    expect(acceptLanguageHeader('fr-FR', [])).toBe('fr-FR');
    expect(acceptLanguageHeader('fr-FR', ['x;q=1,evil', 'en'])).toBe('fr-FR, en;q=0.9');
  });
});
