import { describe, expect, it } from 'vitest';
import { normaliseSearch, searchMatches } from './search-follow.ts';

const document = { title: 'Hydraulic Pump Manual', serviceRef: 'D1000', typeCode: 'manual', languageCode: 'en', productCodes: ['R100', 'G20'] };

describe('followed searches', () => {
  it('normalises a resources query: words, sorted unique filters, no paging or sorting', () => {
    expect(normaliseSearch('?q=  Pump   MANUAL &type=manual&product=R100,G20&product=R100&sort=newest&page=3')).toBe('q=manual+pump&type=manual&product=G20%2CR100');
    expect(normaliseSearch('language=de')).toBe('language=de');
  });

  it('refuses a query with nothing to look for', () => {
    for (const query of ['', 'page=2', 'q=%20%20', 'sort=title']) expect(() => normaliseSearch(query)).toThrow(/needs words/);
  });

  it('matches a document when every filter admits it and every word is in its title or reference', () => {
    expect(searchMatches(normaliseSearch('q=pump'), document)).toBe(true);
    expect(searchMatches(normaliseSearch('q=pump d1000&product=G20,ARM6&type=manual'), document)).toBe(true);
    expect(searchMatches(normaliseSearch('q=gripper'), document)).toBe(false);
    expect(searchMatches(normaliseSearch('product=ARM6'), document)).toBe(false);
    expect(searchMatches(normaliseSearch('language=de'), document)).toBe(false);
    expect(searchMatches(normaliseSearch('type=datasheet&q=pump'), document)).toBe(false);
  });
});
