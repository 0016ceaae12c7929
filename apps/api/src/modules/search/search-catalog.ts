import type { AuthUser } from '@portal/contracts/users';
import { CatalogVisibility } from './catalog-visibility.ts';
import { CatalogWordTiers, type WordFlags } from './catalog-word-tiers.ts';
import type { Dictionary, SearchCatalogBuilder } from './search-catalog-builder.ts';
import type { FacetCount, SearchCounts, SearchSort } from './search-criteria.repository.ts';
import type { NamedCodes } from './search-localised-names.ts';
import type { TermPlan } from './search-query.ts';

export interface CatalogQuery {
  /**
   * Per document (by position in the catalog) 0 when the words do not match it, else its relevance
   * tier (see CatalogWordTiers.marks); null when there are no words (every document matches).
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
  /** The reader's languages, most preferred first (`de-DE`, `de`, `en`): by relevance, a tier lists their documents first, in this order. */
  readerLanguages?: readonly string[];
}

export interface CatalogAnswer extends SearchCounts {
  /** FTS5 rowids of the page, in order. */
  page: number[];
  /** ISO time at which a grant this answer relied on expires ('9999' when none will): the answer holds until then. */
  validUntil: string;
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

/**
 * Where a document language stands in the reader's order: the index of the first reader language
 * it is (`de-DE`) or shares its language with (`de` and `de-CH`), else the list's length.
 */
export function readerLanguageRank(code: string, readerLanguages: readonly string[]): number {
  const primary = (value: string) => value.slice(0, 2).toLowerCase();
  const index = readerLanguages.findIndex((language) => language.toLowerCase() === code.toLowerCase() || primary(language) === primary(code));
  return Math.min(index < 0 ? readerLanguages.length : index, 254);
}

function countsOf(codes: readonly string[], counts: Uint32Array): FacetCount[] {
  const facets: FacetCount[] = [];
  counts.forEach((count, index) => {
    if (count > 0) facets.push({ value: codes[index], count });
  });
  return facets;
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
  /** Each document's language-variant group, numbered (0 … groupCount - 1). */
  private readonly variantGroup: Uint32Array;
  private readonly groupCount: number;
  private readonly productStart: Uint32Array;
  private readonly productList: Uint16Array;
  private readonly newest: Uint32Array;
  private readonly byTitle: Uint32Array;
  private readonly types: Dictionary;
  private readonly languages: Dictionary;
  private readonly products: Dictionary;
  private readonly visibility: CatalogVisibility;
  private readonly tiers: CatalogWordTiers;

  constructor(from: SearchCatalogBuilder, titleOrder: Int32Array) {
    const size = from.searchRowids.length;
    this.size = size;
    this.types = from.types;
    this.languages = from.languages;
    this.products = from.products;
    this.searchRowids = Int32Array.from(from.searchRowids);
    this.type = Uint16Array.from(from.type);
    this.language = Uint16Array.from(from.language);
    this.variantGroup = Uint32Array.from(from.variantGroup);
    this.groupCount = from.variantGroups.codes.length;
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
    const positionOf = (rowid: number) => this.positionOf(rowid);
    this.visibility = new CatalogVisibility(from, positionOf);
    this.tiers = new CatalogWordTiers(from, positionOf);
    this.newest = Uint32Array.from({ length: size }, (_, position) => position);
    this.byTitle = Uint32Array.from(Array.from(titleOrder, (rowid) => this.positionOf(rowid)).filter((position) => position >= 0));
  }

  /** Flags of one query word by position, from the rowids the full-text index matched (see CatalogWordTiers). */
  wordFlags(plan: TermPlan, exact: Int32Array, corrected: Int32Array): WordFlags {
    return this.tiers.wordFlags(plan, exact, corrected, this.namedDocuments(plan.named));
  }

  /** 1 for each document of one of the named types or products; null when none is named. */
  private namedDocuments(named: NamedCodes): Uint8Array | null {
    const typeKeep = codeFilter(this.types.codes, named.types);
    const productKeep = codeFilter(this.products.codes, named.products);
    if (!typeKeep && !productKeep) return null;
    const hits = new Uint8Array(this.size);
    for (let position = 0; position < this.size; position++) {
      if (typeKeep?.[this.type[position]] === 1) hits[position] = 1;
      else if (productKeep) {
        for (let i = this.productStart[position]; i < this.productStart[position + 1]; i++) {
          if (productKeep[this.productList[i]] === 1) {
            hits[position] = 1;
            break;
          }
        }
      }
    }
    return hits;
  }

  /** Rank of each language of the catalog (by dictionary index) in the reader's order: 0 first, `readerLanguages.length` for the others. */
  private languageRanks(readerLanguages: readonly string[]): Uint8Array {
    return Uint8Array.from(this.languages.codes, (code) => readerLanguageRank(code, readerLanguages));
  }

  /** 1 for each document whose number starts with a query word that looks like a document number; null when none does. */
  numberHits(plans: readonly TermPlan[]): Uint8Array | null {
    return this.tiers.numberHits(plans);
  }

  /** The marks of CatalogQuery from the flags of each query word, all of which must match. */
  marks(wordFlags: readonly WordFlags[], numberHits: Uint8Array | null): Uint8Array {
    return this.tiers.marks(wordFlags, numberHits);
  }

  /** Total, facet counts and one page of what the user may see among the marked documents. */
  query(query: CatalogQuery): CatalogAnswer {
    const { visible, validUntil } = this.visibility.visibleTo(query.user, query.now);
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

  /** Positions of the page: in the chosen order, the passing documents from offset to offset + limit. */
  private page(query: CatalogQuery, passes: Uint8Array): number[] {
    const wanted = query.offset + query.limit;
    const order = query.sort === 'title' ? this.byTitle : this.newest;
    if (query.sort !== 'relevance' || !query.marks) return this.firstPassing(order, passes, wanted).slice(query.offset);
    // Relevance: by the number of words in the title (the mark), then newest first. With the
    // reader's languages, a document's language variants share the best mark among them and
    // follow the reader's order: the variant in the reader's language first.
    const readerLanguages = query.readerLanguages ?? [];
    const marks = readerLanguages.length > 0 ? this.variantMarks(query.marks, passes) : query.marks;
    const ranks = this.languageRanks(readerLanguages);
    const rankCount = readerLanguages.length + 1;
    const tiers: number[][] = [];
    for (let i = 0; i < order.length; i++) {
      const position = order[i];
      if (passes[position] === 0) continue;
      const tier = (tiers[marks[position] * rankCount + rankCount - 1 - ranks[this.language[position]]] ??= []);
      if (tier.length < wanted) tier.push(position);
    }
    return tiers.reverse().flat().slice(query.offset, wanted);
  }

  /** Each passing document's mark raised to the best of its passing language variants. */
  private variantMarks(marks: Uint8Array, passes: Uint8Array): Uint8Array {
    const best = new Uint8Array(this.groupCount);
    const { variantGroup } = this;
    for (let position = 0; position < this.size; position++) {
      if (passes[position] === 1 && marks[position] > best[variantGroup[position]]) best[variantGroup[position]] = marks[position];
    }
    return Uint8Array.from(marks, (mark, position) => (passes[position] === 1 ? best[variantGroup[position]] : mark));
  }

  private firstPassing(order: Uint32Array, passes: Uint8Array, wanted: number): number[] {
    const found: number[] = [];
    for (let i = 0; i < order.length && found.length < wanted; i++) {
      if (passes[order[i]] === 1) found.push(order[i]);
    }
    return found;
  }
}
