import { random, vocabulary } from './corpus.ts';

export interface SearchKind {
  name: string;
  path: () => string;
}

/**
 * Kinds of search a user makes against the generated corpus: frequent and rare words, word
 * prefixes, two words, filters, a second page, and the plain listing (newest first, no words).
 * Ranks follow the corpus's Zipf law; ranks 1–61 are English function words nobody searches for,
 * technical words start at rank 62 (in about half the documents) and rank 1500+ words are in a
 * few percent.
 */
export function searchKinds(seed = 99): SearchKind[] {
  const words = vocabulary();
  const next = random(seed);
  const pick = (from: number, to: number) => words[from + Math.floor(next() * (to - from))];
  const prefix = (word: string) => word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)));
  const search = (query: string) => `/api/Content/search?${query}`;
  return [
    { name: 'frequent technical word (rank 62-160)', path: () => search(`q=${pick(61, 160)}`) },
    { name: 'prefix of a technical word', path: () => search(`q=${prefix(pick(61, 360))}`) },
    { name: 'mid-frequency word (rank 360-1500)', path: () => search(`q=${pick(360, 1500)}`) },
    { name: 'rare word (rank 1500-6000)', path: () => search(`q=${pick(1500, 6000)}`) },
    { name: 'two technical words', path: () => search(`q=${pick(61, 360)}+${pick(61, 360)}`) },
    { name: 'prefix + type filter', path: () => search(`q=${prefix(pick(61, 360))}&type=manual`) },
    { name: 'word + language filter', path: () => search(`q=${pick(61, 1500)}&language=de,fr`) },
    { name: 'second page', path: () => search(`q=${pick(61, 1500)}&page=2`) },
    { name: 'word, newest first', path: () => search(`q=${pick(61, 1500)}&sort=newest`) },
    { name: 'listing without words', path: () => search('sort=newest') },
  ];
}

/** An endless cycle through a list. */
export function cycle<T>(list: readonly T[]): () => T {
  let index = 0;
  return () => list[index++ % list.length];
}

/** Distinct words never searched before, by kind: what a word costs the first time. */
export function coldWordKinds(count = 40): Array<{ name: string; paths: string[] }> {
  const words = vocabulary();
  const search = (query: string) => `/api/Content/search?q=${query}`;
  const spread = (from: number, to: number, length = count) => Array.from({ length }, (_, i) => words[from + Math.floor((i * (to - from)) / length)]);
  const pairs = spread(161, 360, count * 2);
  return [
    { name: 'frequent technical word (rank 62-160)', paths: spread(61, 160).map(search) },
    { name: 'mid-frequency word (rank 360-1500)', paths: spread(360, 1500).map(search) },
    { name: 'two technical words (rank 161-360)', paths: pairs.slice(0, count).map((word, i) => search(`${word}+${pairs[count + i]}`)) },
  ];
}

/** Searches of rare words (ranks 3000-6000, in under 2 % of the documents). */
export function rareWordPaths(count: number): string[] {
  const words = vocabulary();
  return Array.from({ length: count }, (_, i) => `/api/Content/search?q=${words[3000 + ((i * 13) % 3000)]}`);
}

/** A word with one typo: two neighbouring letters swapped, or one left out (alternately). */
export function misspell(word: string, variant: number): string {
  const at = 1 + (variant % Math.max(1, word.length - 3));
  return variant % 2 === 0 ? `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}` : `${word.slice(0, at)}${word.slice(at + 1)}`;
}

/** A word with accents on its vowels (`calibration` → `cálibrátion`): what a French or German keyboard types. */
export function accented(word: string): string {
  const accents: Record<string, string> = { a: 'á', e: 'é', o: 'ö', u: 'ü' };
  let done = 0;
  return [...word].map((letter) => (accents[letter] && done++ < 2 ? accents[letter] : letter)).join('');
}

/**
 * Searches the forgiving search must answer as fast as the others: technical words (6+ letters, 5+ once misspelt)
 * misspelt by one edit or two, and typed with accents. Misspelt words go through the vocabulary's
 * corrections; accented ones are folded to the indexed word.
 */
export function forgivingSearchKinds(seed = 77): SearchKind[] {
  const words = vocabulary().slice(61, 360).filter((word) => word.length >= 6);
  const next = random(seed);
  const pick = () => words[Math.floor(next() * words.length)];
  const search = (query: string) => `/api/Content/search?q=${encodeURIComponent(query)}`;
  let variant = 0;
  return [
    { name: 'misspelt technical word (1 edit)', path: () => search(misspell(pick(), variant++)) },
    { name: 'misspelt long word (2 edits)', path: () => search(misspell(misspell(words.filter((word) => word.length >= 9)[variant % 20], variant), ++variant)) },
    { name: 'accented technical word', path: () => search(accented(pick())) },
    { name: 'misspelt word + exact word', path: () => search(`${misspell(pick(), variant++)} ${pick()}`) },
  ];
}

/** Distinct misspelt words never searched before: their first search builds the corrections and looks them up. */
export function coldMisspeltPaths(count = 40): string[] {
  const words = vocabulary().slice(61, 1500).filter((word) => word.length >= 6);
  return Array.from({ length: count }, (_, i) => `/api/Content/search?q=${encodeURIComponent(misspell(words[(i * 17) % words.length], i))}`);
}
