import { LRUCache } from 'lru-cache';
import { endsInHead } from './search-compounds.ts';
import { isPlainWord } from './search-text.ts';

export interface Correction {
  word: string;
  edits: number;
  documents: number;
}

/** Words read at most when asking how common the words starting with a prefix are. */
const prefixScanLimit = 2000;

/** Rows of editDistance, grown to the longest word seen and reused: a correction compares thousands of words. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours) of `a` and `b`, or
 * `max + 1` as soon as it must exceed `max`: a vocabulary word far from the query costs a row or two.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (rows[0].length < width) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  let [before, previous, current] = rows;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length], max + 1);
}

/** Letter counts by the low six bits of the code: different letters may share a slot, which only weakens the bound below. */
function letterCounts(word: string, counts: Int16Array, sign: number): void {
  for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) & 63] += sign;
}

/**
 * Whether `candidate` may be within `maxEdits` of the word whose letter counts are `counts`: an
 * insertion or deletion changes the counts by one, a substitution by two, a swap not at all, so
 * counts that differ by more than twice `maxEdits` rule the candidate out without aligning it.
 */
function mayBeWithin(candidate: string, counts: Int16Array, maxEdits: number): boolean {
  letterCounts(candidate, counts, -1);
  let difference = 0;
  for (let i = 0; i < counts.length; i++) difference += Math.abs(counts[i]);
  letterCounts(candidate, counts, 1);
  return difference <= 2 * maxEdits;
}

/**
 * The words of the indexed documents (folded words and tagged stems) and how many documents hold
 * each, in memory: whether a query word is known, and which known words are a typo or two away.
 */
export class SearchVocabulary {
  private readonly sorted: string[];
  private readonly documentsOf: Map<string, number>;
  /** Plain words (no digits) by length: the candidates of a correction. */
  private readonly byLength = new Map<number, string[]>();
  /** What was worked out from this vocabulary for recent query words (their plans). */
  readonly memo = new LRUCache<string, object>({ max: 5000 });

  constructor(rows: Iterable<{ word: string; documents: number }>) {
    this.documentsOf = new Map();
    for (const { word, documents } of rows) this.documentsOf.set(word, documents);
    this.sorted = [...this.documentsOf.keys()].sort();
    for (const word of this.sorted) {
      if (!isPlainWord(word)) continue;
      const list = this.byLength.get(word.length);
      if (list) list.push(word);
      else this.byLength.set(word.length, [word]);
    }
  }

  get size(): number {
    return this.sorted.length;
  }

  documents(word: string): number {
    return this.documentsOf.get(word) ?? 0;
  }

  /** The most documents any word starting with `prefix` is in (0: no word starts so). */
  prefixDocuments(prefix: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    let most = 0;
    for (let i = low; i < this.sorted.length && i < low + prefixScanLimit && this.sorted[i].startsWith(prefix); i++) {
      most = Math.max(most, this.documents(this.sorted[i]));
    }
    return most;
  }

  /**
   * Plain words that are compounds ending in `head` (`vakuumgreifer`, `servogreifer` for
   * `greifer`), the most common first: one pass over the longer words, read-only.
   */
  compoundsEndingIn(head: string, limit: number): string[] {
    const found: string[] = [];
    for (const [length, words] of this.byLength) {
      if (length <= head.length) continue;
      for (const word of words) if (endsInHead(word, head)) found.push(word);
    }
    found.sort((a, b) => this.documents(b) - this.documents(a) || (a < b ? -1 : 1));
    return found.slice(0, limit);
  }

  /** Plain words at most `maxEdits` away from `word` (not itself), fewest edits first, then the most common, then alphabetical. */
  corrections(word: string, maxEdits: number, limit: number): Correction[] {
    const found: Correction[] = [];
    const counts = new Int16Array(64);
    letterCounts(word, counts, 1);
    for (let length = word.length - maxEdits; length <= word.length + maxEdits; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (candidate === word || !mayBeWithin(candidate, counts, maxEdits)) continue;
        const edits = editDistance(word, candidate, maxEdits);
        if (edits <= maxEdits) found.push({ word: candidate, edits, documents: this.documents(candidate) });
      }
    }
    found.sort((a, b) => a.edits - b.edits || b.documents - a.documents || (a.word < b.word ? -1 : 1));
    return found.slice(0, limit);
  }
}
