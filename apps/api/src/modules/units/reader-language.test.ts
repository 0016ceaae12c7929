import { describe, expect, it } from 'vitest';
import { languageFirst, readerLanguage, readerLanguages } from './reader-language.ts';

describe('reader language', () => {
  it('orders the languages of Accept-Language by weight, ties in the header order, without duplicates', () => {
    expect(readerLanguages('de-DE;q=0.5, fr-FR, en;q=0.8, fr;q=0.9')).toEqual(['fr', 'en', 'de']);
    expect(readerLanguages('en, de')).toEqual(['en', 'de']);
  });

  it('leaves out *, q=0 and malformed entries, and falls back when nothing is left', () => {
    expect(readerLanguages('*, de;q=0, <x>, fr;q=abc')).toEqual([]);
    expect(readerLanguage(undefined)).toBe('en');
    expect(readerLanguage('*', 'de')).toBe('de');
  });

  it('reads a bounded part of a hostile header', () => {
    expect(readerLanguages(`${'x,'.repeat(100_000)}de`)).toEqual(['x']);
  });

  it('puts the items in a language first, keeping the order of each part', () => {
    const items = [{ id: 1, language: 'en' }, { id: 2, language: 'de' }, { id: 3, language: 'en' }, { id: 4, language: 'de' }];
    expect(languageFirst(items, 'de', (item) => item.language).map((item) => item.id)).toEqual([2, 4, 1, 3]);
  });
});
