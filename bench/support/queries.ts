import { random, vocabulary } from './corpus.ts';

/**
 * Search requests a user would make against the generated corpus, in a fixed shuffled order:
 * common and rare words, word prefixes, two-word queries, filters, a second page, and the plain
 * listing without a query (newest first).
 */
export function searchPaths(count = 2000): string[] {
  const words = vocabulary();
  const next = random(99);
  const pick = (from: number, to: number) => words[from + Math.floor(next() * (to - from))];
  const prefix = (word: string) => word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)));
  const kinds: Array<() => string> = [
    () => `q=${pick(0, 50)}`,
    () => `q=${prefix(pick(0, 200))}`,
    () => `q=${pick(200, 1500)}`,
    () => `q=${pick(1500, 6000)}`,
    () => `q=${pick(0, 300)}+${pick(0, 300)}`,
    () => `q=${prefix(pick(0, 100))}&type=manual`,
    () => `q=${pick(0, 300)}&language=de,fr`,
    () => `q=${pick(0, 100)}&page=2`,
    () => `q=${pick(0, 100)}&sort=newest`,
    () => 'sort=newest',
  ];
  return Array.from({ length: count }, () => `/api/Content/search?${kinds[Math.floor(next() * kinds.length)]()}`);
}

/** An endless cycle through a list. */
export function cycle<T>(list: readonly T[]): () => T {
  let index = 0;
  return () => list[index++ % list.length];
}
