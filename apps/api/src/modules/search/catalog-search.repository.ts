import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { isSqlite } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { documentSubject, subjectFacts } from '../../platform/access/index.ts';
import {
  catalogueResultRows,
  catalogueRules,
  streamCatalogueDocuments,
  streamCatalogueProducts,
  type NumberedDocuments,
} from '../documents/index.ts';
import type { WordFlags } from './catalog-word-tiers.ts';
import { SearchCatalog, type CatalogAnswer } from './search-catalog.ts';
import { SearchCatalogBuilder } from './search-catalog-builder.ts';
import { searchConditions, type SearchCriteria } from './search-criteria.repository.ts';
import { searchIndexGeneration } from './search-index.repository.ts';
import { fts5CorrectionsQuery, fts5ExactQuery, planTerms, tsCorrectionsQuery, tsExactQuery, type TermPlan } from './search-query.ts';
import { localisedNames } from './search-localised-names.ts';
import { foldWord, titleTokens } from './search-text.ts';
import { SearchVocabulary } from './search-vocabulary.ts';
import { vocabularyRows } from './search-vocabulary.repository.ts';

/*
 * Search on both databases: the full-text index (SQLite's FTS5, PostgreSQL's GIN index of the
 * tsvector) finds the matching rowids (one aggregated string, parsed here: far cheaper than a row
 * object per match), the in-memory catalog filters, counts and picks the page, and SQL reads the
 * page's rows back through the access filter, so a catalog a moment old can miss a row but never
 * show one the user may not see.
 */

/** Comma-separated integers (group_concat of rowids) to an array, without a string per number. */
export function parseRowids(list: string | null): Int32Array {
  if (!list) return new Int32Array(0);
  // Every number takes at least one digit and a comma: one pass, and a view of the part filled.
  const rowids = new Int32Array(Math.ceil((list.length + 1) / 2));
  let index = 0;
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const code = list.charCodeAt(i);
    if (code === 44) {
      rowids[index++] = value;
      value = 0;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  rowids[index] = value;
  return rowids.subarray(0, index + 1);
}

/** The rowids of the index rows a full-text query matches. */
async function matchingRowids(db: Kysely<Database>, query: string): Promise<Int32Array> {
  if (isSqlite(db)) {
    const { rows } = await sql<{ rowids: string | null }>`
      SELECT group_concat(rowid) AS rowids FROM document_search WHERE document_search MATCH ${query}`.execute(db);
    return parseRowids(rows[0]?.rowids ?? null);
  }
  return db.transaction().execute(async (trx) => {
    // The planner prices a scan of document_search by its main rows, not by the out-of-line tsvector
    // it must read back and decompress to test each one: for a word in most documents it would scan
    // the table (1,070 ms for 95 % of 100,000 documents) instead of asking the GIN index (about a
    // tenth of that). Memory enough for an exact bitmap of every match keeps the index's answer
    // from being checked again row by row.
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('work_mem', '32MB', true)`.execute(trx);
    // Four bytes per match (int4send): cheaper for PostgreSQL to aggregate than text, and for us to read.
    const { rows } = await sql<{ rowids: Buffer | null }>`
      SELECT string_agg(int4send("searchRowid"), ''::bytea) AS rowids FROM document_search WHERE tsv @@ to_tsquery('simple', ${query})`.execute(trx);
    return bigEndianInt32s(rows[0]?.rowids ?? null);
  });
}

/** Big-endian 32-bit integers (PostgreSQL's binary form) to an array. */
export function bigEndianInt32s(bytes: Buffer | null): Int32Array {
  if (!bytes) return new Int32Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Int32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < values.length; i++) values[i] = view.getInt32(i * 4);
  return values;
}

interface Built {
  catalog: SearchCatalog;
  /** The vocabulary of the index the catalog was built from. */
  vocabulary: SearchVocabulary;
  /** The index generation of this process and SQLite's data_version (changes by other connections) it was built at. */
  generation: number;
  dataVersion: number;
  /**
   * Flags of recently searched words, for this catalog only: finding a frequent word's matches is
   * most of a search's time, and a new page, filter, sort or a second word reuses them.
   */
  words: LRUCache<string, WordFlags>;
  lookups: Map<string, Promise<WordFlags>>;
  /**
   * Matches of recent loose queries (a compound's head alone, a word's corrections), however few: many compounds
   * share a head ("Servomotor", "Getriebemotor": "motor"), each a word of its own in the word cache.
   */
  loose: LRUCache<string, Int32Array>;
}

/**
 * Memory for cached word flags: a quarter of a byte per document per word (about 1,000 words of a
 * 100,000-document base). Repeated searches are answered whole from the server's page cache, so
 * these serve the new searches of known words: new pages, filters, sorts, a second word. Search
 * workers that share the words out (each answers the searches whose first word is its own) share
 * this memory too: see shareWordCache.
 */
const wordCacheBytes = 24 * 1024 * 1024;
let wordCacheShare = 1;
/** Memory for cached loose matches: four bytes per matching document (a frequent head matches a tenth of the base or more). */
const looseCacheBytes = 8 * 1024 * 1024;

/** Gives this thread's catalogs 1/`parts` of the word cache's memory: one of `parts` workers that each cache their own words. */
export function shareWordCache(parts: number): void {
  wordCacheShare = Math.max(1, parts);
}

const catalogs = new WeakMap<Kysely<Database>, Promise<Built>>();

const externalVersions = new WeakMap<Kysely<Database>, () => number>();

/**
 * Makes the catalog of `db` follow `version` instead of SQLite's data_version: a search worker's
 * connection sees every write of its server as another connection's (download records, users),
 * while only the server knows which of them change what search shows.
 */
export function followContentVersion(db: Kysely<Database>, version: () => number): void {
  externalVersions.set(db, version);
}

/** SQLite's count of commits by other connections (another process, the import CLI); 0 on PostgreSQL, whose commits move the content generation (content-commits.plugin.ts). */
export async function otherConnectionsVersion(db: Kysely<Database>): Promise<number> {
  if (!isSqlite(db)) return 0;
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
  return Number(rows[0].data_version);
}

function dataVersion(db: Kysely<Database>): Promise<number> {
  const external = externalVersions.get(db);
  return external ? Promise.resolve(external()) : otherConnectionsVersion(db);
}

/** The indexed documents with their rowids (those of `searchRowids` only, when given), as the documents module joins them. */
function numberedDocuments(db: Kysely<Database>, searchRowids?: number[]): NumberedDocuments {
  const numbered = db.selectFrom('document_search_rowids').select(['documentId', 'searchRowid']);
  return searchRowids ? numbered.where('searchRowid', 'in', searchRowids) : numbered;
}

/**
 * The documents by title as readers sort words (accents and case aside: "Contrôleur" beside "Controller"), then
 * newest first, then by id: the stream's own order, which the stable sort keeps among equal titles.
 */
function titleOrder(titled: Array<{ id: number; title: string }>): Int32Array {
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return Int32Array.from(titled.sort((a, b) => collator.compare(a.title, b.title)), (row) => row.id);
}

async function buildCatalog(db: Kysely<Database>): Promise<Built> {
  const generation = searchIndexGeneration();
  const version = await dataVersion(db);
  const builder = new SearchCatalogBuilder();
  const numbered = numberedDocuments(db);
  const titled: Array<{ id: number; title: string }> = [];
  for await (const row of streamCatalogueDocuments(db, numbered)) {
    const facts = subjectFacts(documentSubject, row);
    builder.addDocument(row.searchRowid, foldWord(row.serviceRef), titleTokens(row.serviceRef, row.title, row.languageCode), row.typeCode, row.languageCode, facts, row.variantGroup);
    titled.push({ id: row.searchRowid, title: row.title });
  }
  for await (const row of streamCatalogueProducts(db, numbered)) builder.addProduct(row.searchRowid, row.productCode);
  for (const { searchRowid, ...rule } of await catalogueRules(db, numbered)) builder.addRule(searchRowid, rule);
  return {
    catalog: new SearchCatalog(builder, titleOrder(titled)),
    vocabulary: new SearchVocabulary(await vocabularyRows(db)),
    generation,
    dataVersion: version,
    words: new LRUCache({ maxSize: Math.floor(wordCacheBytes / wordCacheShare), sizeCalculation: (flags) => Math.max(1, flags.length) }),
    lookups: new Map(),
    loose: new LRUCache({ maxSize: Math.floor(looseCacheBytes / wordCacheShare), sizeCalculation: (rowids) => Math.max(1, rowids.byteLength) }),
  };
}

/**
 * The catalog of this database, rebuilt when this process changed the index or an audience grant
 * (searchIndexGeneration) or another connection committed anything (data_version).
 */
async function currentCatalog(db: Kysely<Database>): Promise<Built> {
  const pending = catalogs.get(db);
  if (pending) {
    const built = await pending.catch(() => undefined);
    if (built && built.generation === searchIndexGeneration() && built.dataVersion === (await dataVersion(db))) return built;
    if (catalogs.get(db) !== pending) return currentCatalog(db);
  }
  const building = buildCatalog(db);
  catalogs.set(db, building);
  return building;
}

/** Builds the catalog ahead of the first search (the server calls it after start). */
export async function warmSearchCatalog(db: Kysely<Database>): Promise<void> {
  await currentCatalog(db);
}

const noRowids = new Int32Array(0);

async function lookUpWord(db: Kysely<Database>, built: Built, plan: TermPlan): Promise<WordFlags> {
  const sqlite = isSqlite(db);
  const correctionsQuery = sqlite ? fts5CorrectionsQuery(plan) : tsCorrectionsQuery(plan);
  const [exact, corrected] = await Promise.all([
    matchingRowids(db, sqlite ? fts5ExactQuery(plan) : tsExactQuery(plan)),
    correctionsQuery ? looseRowids(db, built, correctionsQuery) : noRowids,
  ]);
  const flags = built.catalog.wordFlags(plan, exact, corrected);
  if (slowToFind(built, exact.length + corrected.length)) built.words.set(flagsKey(plan), flags);
  return flags;
}

/** Only matches that are slow to look up again earn a place in a cache (a rare word costs less than a millisecond). */
function slowToFind(built: Built, matches: number): boolean {
  return matches >= built.catalog.size / 50;
}

async function looseRowids(db: Kysely<Database>, built: Built, query: string): Promise<Int32Array> {
  const cached = built.loose.get(query);
  if (cached) return cached;
  const rowids = await matchingRowids(db, query);
  built.loose.set(query, rowids);
  return rowids;
}

/**
 * Under which key a word's flags are kept: the plan follows from the word and the catalog's
 * vocabulary, except that an exact search drops its corrections (a word without any is the same either way).
 */
function flagsKey(plan: TermPlan): string {
  return plan.corrections.length > 0 ? plan.term : `=${plan.term}`;
}

/** A word's flags: cached, being looked up by another request, or looked up now. */
function wordFlags(db: Kysely<Database>, built: Built, plan: TermPlan): Promise<WordFlags> {
  const key = flagsKey(plan);
  const cached = built.words.get(key);
  if (cached) return Promise.resolve(cached);
  let pending = built.lookups.get(key);
  if (!pending) {
    pending = lookUpWord(db, built, plan).finally(() => built.lookups.delete(key));
    built.lookups.set(key, pending);
  }
  return pending;
}

/** Looks a word up ahead of its searches, so that they find its matches cached (when it is frequent enough to be kept). */
export async function prefetchWord(db: Kysely<Database>, term: string): Promise<void> {
  const built = await currentCatalog(db);
  await Promise.all(planTerms(built.vocabulary, [term], localisedNames()).map((plan) => wordFlags(db, built, plan)));
}

/** Total, facets, the page's rowids from the catalog, and how each word was looked for. */
export async function catalogSearch(db: Kysely<Database>, criteria: SearchCriteria): Promise<CatalogAnswer & { plans: TermPlan[] }> {
  const built = await currentCatalog(db);
  const planned = planTerms(built.vocabulary, criteria.terms, localisedNames());
  const plans = criteria.exact ? planned.map((plan) => ({ ...plan, corrections: [] })) : planned;
  const marks =
    plans.length > 0
      ? built.catalog.marks(await Promise.all(plans.map((plan) => wordFlags(db, built, plan))), built.catalog.numberHits(plans))
      : null;
  return { ...built.catalog.query({ ...criteria, marks, now: new Date().toISOString() }), plans };
}

/** The page's rows in the catalog's order, each checked again against the access filter and the criteria. */
export async function catalogPageRows(db: Kysely<Database>, criteria: SearchCriteria, searchRowids: number[]) {
  if (searchRowids.length === 0) return [];
  // The catalog applied the filters; the access conditions are checked again.
  const rows = await catalogueResultRows(db, numberedDocuments(db, searchRowids), searchConditions({ ...criteria, type: [], product: [], language: [] }));
  const byRowid = new Map(rows.map(({ searchRowid, ...row }) => [searchRowid, row]));
  return searchRowids.flatMap((rowid) => byRowid.get(rowid) ?? []);
}
