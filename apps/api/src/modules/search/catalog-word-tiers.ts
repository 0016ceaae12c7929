import type { SearchCatalogBuilder } from './search-catalog-builder.ts';
import { looksLikeDocumentNumber, type TermPlan } from './search-query.ts';

/**
 * Per document, how a query word matched it, two bits each: 0 not, `correctionOnly` through a
 * correction only, `exactMatch` in one of its exact forms, `exactInTitle` so in the title.
 */
export type WordFlags = Uint8Array;

const correctionOnly = 1;
const exactMatch = 2;
const exactInTitle = 3;

/** Tier points (the same as PostgreSQL's): a word found exactly, found exactly in the title, a document number. */
const exactPoints = 9;
const titlePoints = 1;
const numberPoints = 81;

/** The first index of a sorted list whose word is not below `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The catalog's relevance tiers: where each title word and document number is, and how the words
 * of a query mark each document (1 + the tier points of PostgreSQL's ranking, 0 for no match).
 */
export class CatalogWordTiers {
  private readonly size: number;
  /** The words of the titles, sorted, and where each is (positions), for the title tier. */
  private readonly titleWords: string[];
  /** The positions of titleWords[i] are titleList[titleStarts[i]] up to titleList[titleStarts[i + 1]]: one list, not a typed array per word. */
  private readonly titleStarts: Uint32Array;
  private readonly titleList: Int32Array;
  /** Positions sorted by document number, and the numbers in that order, for the number tier. */
  private readonly numberOrder: Uint32Array;
  private readonly numbers: string[];
  private readonly positionOf: (rowid: number) => number;

  /** `positionOf` maps a document's search rowid to its position in the catalog (-1 when absent). */
  constructor(from: SearchCatalogBuilder, positionOf: (rowid: number) => number) {
    this.positionOf = positionOf;
    const size = from.searchRowids.length;
    this.size = size;
    this.titleWords = [...from.titleWords.keys()].sort();
    this.titleStarts = new Uint32Array(this.titleWords.length + 1);
    this.titleWords.forEach((word, index) => {
      this.titleStarts[index + 1] = this.titleStarts[index] + from.titleWords.get(word)!.length;
    });
    this.titleList = new Int32Array(this.titleStarts[this.titleWords.length]);
    this.titleWords.forEach((word, index) => this.titleList.set(from.titleWords.get(word)!, this.titleStarts[index]));
    this.numberOrder = Uint32Array.from({ length: size }, (_, position) => position).sort((a, b) =>
      from.numbers[a] < from.numbers[b] ? -1 : from.numbers[a] > from.numbers[b] ? 1 : a - b,
    );
    this.numbers = Array.from(this.numberOrder, (position) => from.numbers[position]);
  }

  /**
   * Flags of one query word by position (see WordFlags), from the rowids the full-text index
   * matched in its exact forms and through its corrections; `named` (1 by position) marks the
   * documents of the types and products the word names, as exact matches.
   */
  wordFlags(plan: TermPlan, exact: Int32Array, corrected: Int32Array, named: Uint8Array | null = null): WordFlags {
    // Two bits per document, four documents a byte: a cached word costs a quarter of a byte per document.
    const flags = new Uint8Array((this.size + 3) >>> 2);
    const get = (position: number) => (flags[position >>> 2] >>> ((position & 3) << 1)) & 3;
    const set = (position: number, flag: number) => {
      const shift = (position & 3) << 1;
      flags[position >>> 2] = (flags[position >>> 2] & ~(3 << shift)) | (flag << shift);
    };
    for (const rowid of corrected) {
      const position = this.positionOf(rowid);
      if (position >= 0) set(position, correctionOnly);
    }
    for (const rowid of exact) {
      const position = this.positionOf(rowid);
      if (position >= 0) set(position, exactMatch);
    }
    if (named) for (let position = 0; position < this.size; position++) if (named[position] === 1) set(position, exactMatch);
    const inTitle = (position: number) => {
      if (get(position) === exactMatch) set(position, exactInTitle);
    };
    const first = lowerBound(this.titleWords, plan.term);
    for (let i = first; i < this.titleWords.length && this.titleWords[i].startsWith(plan.term); i++) {
      this.titlePositionsOf(i, inTitle);
    }
    for (const stem of plan.stems) {
      const index = lowerBound(this.titleWords, stem);
      if (this.titleWords[index] === stem) this.titlePositionsOf(index, inTitle);
    }
    return flags;
  }

  private titlePositionsOf(index: number, visit: (position: number) => void): void {
    for (let i = this.titleStarts[index]; i < this.titleStarts[index + 1]; i++) visit(this.titleList[i]);
  }

  /** 1 for each document whose number starts with one of the words that look like a document number; null when none does. */
  numberHits(plans: readonly TermPlan[]): Uint8Array | null {
    const numbers = plans.filter((plan) => looksLikeDocumentNumber(plan.term));
    if (numbers.length === 0) return null;
    const hits = new Uint8Array(this.size);
    for (const { term } of numbers) {
      for (let i = lowerBound(this.numbers, term); i < this.numbers.length && this.numbers[i].startsWith(term); i++) hits[this.numberOrder[i]] = 1;
    }
    return hits;
  }

  /**
   * Marks of a query from the flags of each of its words, all of which must match: 1 + the tier
   * points of PostgreSQL's ranking.
   */
  marks(wordFlags: readonly WordFlags[], numberHits: Uint8Array | null): Uint8Array {
    const marks = new Uint8Array(this.size).fill(1);
    for (const flags of wordFlags) {
      for (let position = 0; position < this.size; position++) {
        const flag = (flags[position >>> 2] >>> ((position & 3) << 1)) & 3;
        if (flag === 0) marks[position] = 0;
        else if (flag >= exactMatch && marks[position] > 0) marks[position] += flag === exactInTitle ? exactPoints + titlePoints : exactPoints;
      }
    }
    if (numberHits) for (let position = 0; position < this.size; position++) if (numberHits[position] === 1 && marks[position] > 0) marks[position] += numberPoints;
    return marks;
  }
}
