import { describe, expect, it } from 'vitest';
import { editDistance, SearchVocabulary } from './search-vocabulary.ts';

/** Every word of `words` within `max` edits of `word` (the quick letter-count check skipped). */
function naiveCorrections(words: readonly string[], word: string, max: number): string[] {
  return words.filter((candidate) => candidate !== word && editDistance(word, candidate, max) <= max).sort();
}

describe('search vocabulary corrections', () => {
  it('measures swaps, insertions, deletions and substitutions', () => {
    expect(editDistance('manual', 'manaul', 2)).toBe(1);
    expect(editDistance('maintenance', 'maintenace', 2)).toBe(1);
    expect(editDistance('maintenance', 'maintnace', 2)).toBe(2);
    expect(editDistance('gripper', 'grabber', 1)).toBe(2);
    // Rows are reused: a longer word after shorter ones is measured afresh.
    expect(editDistance('calibrationsverfahren', 'kalibrationsverfahren', 2)).toBe(1);
  });

  it('finds the same words as aligning every candidate would: the letter-count check rules out only words too far', () => {
    // A substitution changes two letter counts (manual → manuel), an anagram none (lamuna): both must still be aligned.
    const words = ['manual', 'manuel', 'mannual', 'annual', 'menu', 'manuals', 'numeral', 'lamuna', 'maaual', 'mxnual', 'unamal', 'mmanual'];
    const vocabulary = new SearchVocabulary(words.map((word, index) => ({ word, documents: index + 1 })));
    for (const word of ['manual', 'manaul', 'mnual', 'manuall', 'lanumam']) {
      for (const max of [1, 2]) {
        expect(vocabulary.corrections(word, max, 50).map((found) => found.word).sort(), `${word} within ${max}`).toEqual(naiveCorrections(words, word, max));
      }
    }
  });
});
