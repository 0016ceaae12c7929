import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseMarkets } from '../../config.ts';

describe('MARKETS', () => {
  it('defaults to one market of English, German and French', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-markets' }).markets).toEqual([{ id: 'europe', name: 'Europe', languages: ['en', 'de', 'fr'] }]);
  });

  it('reads markets separated by ";", each a name and its languages', () => {
    expect(parseMarkets(' DACH = de, en ; Latin America=es,pt-BR;Suisse romande=fr-CH')).toEqual({
      markets: [
        { id: 'dach', name: 'DACH', languages: ['de', 'en'] },
        { id: 'latin-america', name: 'Latin America', languages: ['es', 'pt-BR'] },
        { id: 'suisse-romande', name: 'Suisse romande', languages: ['fr-CH'] },
      ],
      problems: [],
    });
  });

  it.each([
    ['DACH', 'is not Name=lang,lang'],
    ['DACH=de;', 'is not Name=lang,lang'],
    ['=de', 'market name "" must be'],
    ['DACH=', 'is not a language code'],
    ['DACH=de,GERMAN', '"GERMAN" is not a language code'],
    ['DACH=de,de', 'names a language twice'],
    ['DACH=de;dach=en', 'is given twice'],
    ['<b>=de', 'must be 1 to 60 letters'],
  ])('refuses %s with a clear reason', (value, reason) => {
    const { markets, problems } = parseMarkets(value);
    expect(markets).toEqual([]);
    expect(problems.join(' ')).toContain(reason);
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-markets', MARKETS: value })).toThrow(ConfigError);
  });
});
