import type { GrantFacts, SubjectFacts } from '../../platform/access/index.ts';

/** Codes (types, languages, products) numbered in the order first met, so the catalog holds numbers. */
export class Dictionary {
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
  /** Language-variant groups (the same document in other languages), numbered: kept only while building. */
  readonly variantGroups = new Dictionary();
  readonly searchRowids: number[] = [];
  readonly type: number[] = [];
  readonly language: number[] = [];
  readonly variantGroup: number[] = [];
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

  /**
   * Adds a published document; call in the order newest first (ties by document id). `titleTerms`:
   * see titleTokens; `variantGroup`: its language-variant group (its own number when not given).
   */
  addDocument(
    searchRowid: number, number: string, titleTerms: string, typeCode: string, languageCode: string, facts: SubjectFacts, variantGroup: string = `#${number}`,
  ): void {
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
    this.variantGroup.push(this.variantGroups.indexOf(variantGroup));
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
