import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@portal/contracts/users';
import {
  audienceCheck,
  documentSubject,
  grantsChangeAt,
  viewerKey,
  type GrantFacts,
  type SubjectFacts,
} from '../../platform/access/index.ts';
import type { FacetCount, SearchCounts, SearchSort } from './search-criteria.repository.ts';
import { looksLikeDocumentNumber, type TermPlan } from './search-query.ts';

export interface CatalogQuery {
  /**
   * Per document (by position in the catalog) 0 when the words do not match it, else its relevance
   * tier (see marks); null when there are no words (every document matches).
   */
  marks: Uint8Array | null;
  user: AuthUser;
  now: string;
  type: readonly string[];
  product: readonly string[];
  language: readonly string[];
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface CatalogAnswer extends SearchCounts {
  /** FTS5 rowids of the page, in order. */
  page: number[];
  /** ISO time at which a grant this answer relied on expires ('9999' when none will): the answer holds until then. */
  validUntil: string;
}

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

/** Which of a dictionary's codes a filter keeps; null keeps all. */
function codeFilter(codes: readonly string[], wanted: readonly string[]): Uint8Array | null {
  if (wanted.length === 0) return null;
  const keep = new Uint8Array(codes.length);
  codes.forEach((code, index) => {
    if (wanted.includes(code)) keep[index] = 1;
  });
  return keep;
}

function countsOf(codes: readonly string[], counts: Uint32Array): FacetCount[] {
  const facets: FacetCount[] = [];
  counts.forEach((count, index) => {
    if (count > 0) facets.push({ value: codes[index], count });
  });
  return facets;
}

class Dictionary {
  readonly codes: string[] = [];
  private readonly indexes = new Map<string, number>();

  indexOf(code: string): number {
    let index = this.indexes.get(code);
    if (index === undefined) {
      index = this.codes.length;
      this.codes.push(code);
      this.indexes.set(code, index);
    }
    return index;
  }
}

/**
 * Collects the catalog's columns row by row (the rows can be streamed), as numbers: a row object
 * per document kept until the end would cost a 100,000-document base over 100 MB of heap.
 */
export class SearchCatalogBuilder {
  readonly types = new Dictionary();
  readonly languages = new Dictionary();
  readonly products = new Dictionary();
  readonly searchRowids: number[] = [];
  readonly type: number[] = [];
  readonly language: number[] = [];
  /** What the access rule reads of each document (few distinct kinds), by position. */
  readonly facts: number[] = [];
  readonly factKinds: SubjectFacts[] = [];
  private readonly factKindIndexes = new Map<string, number>();
  readonly productRowids: number[] = [];
  readonly productCodes: number[] = [];
  readonly rules = new Map<number, GrantFacts[]>();
  /** Positions of the documents whose title (or number) holds each index token. */
  readonly titleWords = new Map<string, number[]>();
  /** Each document's number, folded. */
  readonly numbers: string[] = [];

  /** Adds a published document; call in the order newest first (ties by document id). `titleTerms`: see titleTokens. */
  addDocument(searchRowid: number, number: string, titleTerms: string, typeCode: string, languageCode: string, facts: SubjectFacts): void {
    const position = this.searchRowids.length;
    this.numbers.push(number);
    for (const word of new Set(titleTerms.split(' '))) {
      if (word === '') continue;
      const positions = this.titleWords.get(word);
      if (positions) positions.push(position);
      else this.titleWords.set(word, [position]);
    }
    this.facts.push(this.factKindOf(facts));
    this.searchRowids.push(searchRowid);
    this.type.push(this.types.indexOf(typeCode));
    this.language.push(this.languages.indexOf(languageCode));
  }

  addProduct(searchRowid: number, productCode: string): void {
    this.productRowids.push(searchRowid);
    this.productCodes.push(this.products.indexOf(productCode));
  }

  addRule(searchRowid: number, rule: GrantFacts): void {
    const rules = this.rules.get(searchRowid);
    if (rules) rules.push(rule);
    else this.rules.set(searchRowid, [rule]);
  }

  private factKindOf(facts: SubjectFacts): number {
    const key = JSON.stringify(facts);
    let index = this.factKindIndexes.get(key);
    if (index === undefined) {
      index = this.factKinds.length;
      this.factKinds.push(facts);
      this.factKindIndexes.set(key, index);
    }
    return index;
  }
}

/**
 * What search needs to know of every searchable document, in typed arrays held in memory: type,
 * language, products, audience and the two orders (newest first, by title). Counting the facets
 * of 90,000 matches and picking a page out of them takes a few milliseconds here, where the same
 * in SQL reads every match's rows. The catalog is a copy: it is rebuilt when the data changes,
 * and the page it picks is read back through SQL with the access filter.
 */
export class SearchCatalog {
  readonly size: number;
  private readonly searchRowids: Int32Array;
  private readonly positionByRowid: Int32Array;
  private readonly type: Uint16Array;
  private readonly language: Uint16Array;
  private readonly productStart: Uint32Array;
  private readonly productList: Uint16Array;
  private readonly facts: Uint16Array;
  private readonly factKinds: readonly SubjectFacts[];
  /** Each document's grants, as an index into `grantSets` (-1: none); documents share few distinct sets. */
  private readonly grantSet: Int32Array;
  private readonly grantSets: GrantFacts[][] = [];
  private readonly newest: Uint32Array;
  private readonly byTitle: Uint32Array;
  /** The words of the titles, sorted, and where each is (positions), for the title tier. */
  private readonly titleWords: string[];
  /** The positions of titleWords[i] are titleList[titleStarts[i]] up to titleList[titleStarts[i + 1]]: one list, not a typed array per word. */
  private readonly titleStarts: Uint32Array;
  private readonly titleList: Int32Array;
  /** Positions sorted by document number, and the numbers in that order, for the number tier. */
  private readonly numberOrder: Uint32Array;
  private readonly numbers: string[];
  private readonly types: Dictionary;
  private readonly languages: Dictionary;
  private readonly products: Dictionary;
  private readonly visibility = new LRUCache<string, { visible: Uint8Array; computedAt: string; validUntil: string }>({ max: 32 });

  constructor(from: SearchCatalogBuilder, titleOrder: Int32Array) {
    const size = from.searchRowids.length;
    this.size = size;
    this.types = from.types;
    this.languages = from.languages;
    this.products = from.products;
    this.searchRowids = Int32Array.from(from.searchRowids);
    this.type = Uint16Array.from(from.type);
    this.language = Uint16Array.from(from.language);
    const maxRowid = this.searchRowids.reduce((max, rowid) => Math.max(max, rowid), 0);
    this.positionByRowid = new Int32Array(maxRowid + 1).fill(-1);
    this.searchRowids.forEach((rowid, position) => {
      this.positionByRowid[rowid] = position;
    });
    // Products as one list, cut by position (CSR): count, then place.
    this.productStart = new Uint32Array(size + 1);
    const positions = from.productRowids.map((rowid) => this.positionOf(rowid));
    for (const position of positions) if (position >= 0) this.productStart[position + 1] += 1;
    for (let position = 0; position < size; position++) this.productStart[position + 1] += this.productStart[position];
    this.productList = new Uint16Array(this.productStart[size]);
    const cursor = this.productStart.slice(0, size);
    positions.forEach((position, index) => {
      if (position >= 0) this.productList[cursor[position]++] = from.productCodes[index];
    });
    this.facts = Uint16Array.from(from.facts);
    this.factKinds = from.factKinds;
    this.grantSet = new Int32Array(size).fill(-1);
    const grantSetIndexes = new Map<string, number>();
    for (const [rowid, rules] of from.rules) {
      const position = this.positionOf(rowid);
      if (position < 0) continue;
      const key = JSON.stringify(rules);
      let index = grantSetIndexes.get(key);
      if (index === undefined) {
        index = this.grantSets.push(rules) - 1;
        grantSetIndexes.set(key, index);
      }
      this.grantSet[position] = index;
    }
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
    this.newest = Uint32Array.from({ length: size }, (_, position) => position);
    this.byTitle = Uint32Array.from(Array.from(titleOrder, (rowid) => this.positionOf(rowid)).filter((position) => position >= 0));
  }

  /**
   * Flags of one query word by position (see WordFlags), from the rowids the full-text index
   * matched in its exact forms and through its corrections.
   */
  wordFlags(plan: TermPlan, exact: Int32Array, corrected: Int32Array): WordFlags {
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
   * Marks (see CatalogQuery) of a query from the flags of each of its words, all of which must
   * match: 1 + the tier points of PostgreSQL's ranking.
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

  /** Total, facet counts and one page of what the user may see among the marked documents. */
  query(query: CatalogQuery): CatalogAnswer {
    const { visible, validUntil } = this.visibleTo(query.user, query.now);
    const typeKeep = codeFilter(this.types.codes, query.type);
    const languageKeep = codeFilter(this.languages.codes, query.language);
    const productKeep = codeFilter(this.products.codes, query.product);
    const { marks } = query;
    const { type, language, productStart, productList } = this;

    const typeCounts = new Uint32Array(this.types.codes.length);
    const languageCounts = new Uint32Array(this.languages.codes.length);
    const productCounts = new Uint32Array(this.products.codes.length);
    // Each facet counts the documents that pass every filter but its own.
    const passes = new Uint8Array(this.size);
    let total = 0;
    for (let position = 0; position < this.size; position++) {
      if ((marks !== null && marks[position] === 0) || visible[position] === 0) continue;
      const typeOk = typeKeep === null || typeKeep[type[position]] === 1;
      const languageOk = languageKeep === null || languageKeep[language[position]] === 1;
      const first = productStart[position];
      const end = productStart[position + 1];
      let productOk = productKeep === null;
      for (let i = first; !productOk && i < end; i++) productOk = productKeep![productList[i]] === 1;
      if (languageOk && productOk) typeCounts[type[position]] += 1;
      if (typeOk && productOk) languageCounts[language[position]] += 1;
      if (typeOk && languageOk) {
        for (let i = first; i < end; i++) productCounts[productList[i]] += 1;
        if (productOk) {
          passes[position] = 1;
          total += 1;
        }
      }
    }
    return {
      total,
      facets: {
        type: countsOf(this.types.codes, typeCounts),
        language: countsOf(this.languages.codes, languageCounts),
        product: countsOf(this.products.codes, productCounts),
      },
      page: this.page(query, passes).map((position) => this.searchRowids[position]),
      validUntil,
    };
  }

  private positionOf(rowid: number): number {
    return rowid < this.positionByRowid.length ? this.positionByRowid[rowid] : -1;
  }

  /**
   * 1 for each document the user may see, by the access engine's rule. Kept per audience until
   * the first of the grants it relied on expires, so most searches skip the grants altogether.
   */
  private visibleTo(user: AuthUser, now: string): { visible: Uint8Array; validUntil: string } {
    const key = viewerKey(user);
    const cached = this.visibility.get(key);
    if (cached && cached.computedAt <= now && now < cached.validUntil) return cached;
    const check = audienceCheck(user, documentSubject, now);
    // The answer depends only on the facts and the grants: once per kind of facts, and once per
    // pair of facts and grant set actually met (0 not yet asked, 1 hidden, 2 visible).
    const withoutGrants = Uint8Array.from(this.factKinds, (facts) => (check(facts, []) ? 1 : 0));
    const sets = this.grantSets.length;
    const verdicts = new Uint8Array(this.factKinds.length * sets);
    const visible = new Uint8Array(this.size);
    let validUntil = '9999';
    for (let position = 0; position < this.size; position++) {
      const facts = this.facts[position];
      const set = this.grantSet[position];
      if (set < 0 || withoutGrants[facts] === 1) {
        visible[position] = withoutGrants[facts];
        continue;
      }
      const slot = facts * sets + set;
      if (verdicts[slot] === 0) {
        verdicts[slot] = check(this.factKinds[facts], this.grantSets[set]) ? 2 : 1;
        validUntil = grantsChangeAt(this.grantSets[set], now, validUntil);
      }
      visible[position] = verdicts[slot] - 1;
    }
    const answer = { visible, computedAt: now, validUntil };
    this.visibility.set(key, answer);
    return answer;
  }

  /** Positions of the page: in the chosen order, the passing documents from offset to offset + limit. */
  private page(query: CatalogQuery, passes: Uint8Array): number[] {
    const wanted = query.offset + query.limit;
    const order = query.sort === 'title' ? this.byTitle : this.newest;
    if (query.sort !== 'relevance' || !query.marks) return this.firstPassing(order, passes, wanted).slice(query.offset);
    // Relevance: by the number of words in the title (the mark), then newest first.
    const { marks } = query;
    const tiers: number[][] = [];
    for (let i = 0; i < order.length; i++) {
      const position = order[i];
      if (passes[position] === 0) continue;
      const tier = (tiers[marks[position]] ??= []);
      if (tier.length < wanted) tier.push(position);
    }
    return tiers.reverse().flat().slice(query.offset, wanted);
  }

  private firstPassing(order: Uint32Array, passes: Uint8Array, wanted: number): number[] {
    const found: number[] = [];
    for (let i = 0; i < order.length && found.length < wanted; i++) {
      if (passes[order[i]] === 1) found.push(order[i]);
    }
    return found;
  }
}
