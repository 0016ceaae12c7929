import { describe, expect, it } from 'vitest';
import { endsInHead, splitCompound } from './search-compounds.ts';
import { SearchVocabulary } from './search-vocabulary.ts';

const knownWords = new Set(['servo', 'greifer', 'werkzeug', 'wechsler', 'sicherheit', 'hinweise', 'kabel', 'plan', 'sicher']);
const known = (word: string) => knownWords.has(word);

describe('German compounds from known words', () => {
  it('splits a compound into known parts, the longest head first, across a linking s', () => {
    expect(splitCompound('servogreifer', known)).toEqual(['servo', 'greifer']);
    expect(splitCompound('werkzeugwechsler', known)).toEqual(['werkzeug', 'wechsler']);
    expect(splitCompound('sicherheitshinweise', known)).toEqual(['sicherheit', 'hinweise']);
    expect(splitCompound('servokabelplan', known)).toEqual(['servo', 'kabel', 'plan']);
  });

  it('leaves words alone that do not split wholly into known words', () => {
    expect(splitCompound('greifer', known)).toBeNull();
    expect(splitCompound('servogreiferxyz', known)).toBeNull();
    expect(splitCompound('abc', known)).toBeNull();
  });

  it('does bounded work on a long word of unknown letters', () => {
    const started = performance.now();
    expect(splitCompound('s'.repeat(40), () => false)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('finds the compounds of the vocabulary a head word ends, the most common first', () => {
    expect(endsInHead('vakuumgreifer', 'greifer')).toBe(true);
    expect(endsInHead('greifer', 'greifer')).toBe(false);
    expect(endsInHead('anger', 'ger')).toBe(false);
    const vocabulary = new SearchVocabulary([
      { word: 'servogreifer', documents: 2 }, { word: 'vakuumgreifer', documents: 5 }, { word: 'greifer', documents: 1 }, { word: 'greiferbacke', documents: 3 },
    ]);
    expect(vocabulary.compoundsEndingIn('greifer', 10)).toEqual(['vakuumgreifer', 'servogreifer']);
  });
});
