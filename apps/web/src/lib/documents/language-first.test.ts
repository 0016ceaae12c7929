import { describe, expect, it } from 'vitest';
import { languageFirst } from './language-first';

describe('languageFirst', () => {
  it("puts the reader's language first, keeping the order within each part", () => {
    const items = [{ id: 'c7-en', language: 'en' }, { id: 'arm-fr', language: 'fr' }, { id: 'x-en', language: 'en' }, { id: 'c7-fr', language: 'fr' }];
    expect(languageFirst(items, 'fr-FR', (item) => item.language).map((item) => item.id)).toEqual(['arm-fr', 'c7-fr', 'c7-en', 'x-en']);
    expect(languageFirst(items, 'de-DE', (item) => item.language).map((item) => item.id)).toEqual(['c7-en', 'arm-fr', 'x-en', 'c7-fr']);
  });
});
