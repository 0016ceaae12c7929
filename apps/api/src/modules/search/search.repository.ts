import { sql, type AliasableExpression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { highlightEnd, highlightStart } from '@portal/contracts/documents';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { DocumentFilter } from '../documents/document.repository.ts';
import { fts5Query, tsQuery } from './search-query.ts';

export type FacetName = 'type' | 'product' | 'language';
export type SearchSort = 'relevance' | 'newest' | 'title';

export interface SearchCriteria {
  /** Lower-case words, each matched as a prefix; empty lists every document. */
  terms: string[];
  type: string[];
  product: string[];
  language: string[];
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Which documents the user may see (the access service's filter). */
  visible: DocumentFilter;
}

export interface SearchRow {
  id: string;
  serviceRef: string;
  title: string;
  typeCode: string;
  languageCode: string;
  downloadable: number;
  versionId: string;
  resourceVersion: string;
  fileName: string;
  mediaType: string;
  publishedAt: string;
  thumbnailKey: string | null;
  snippet: string;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface SearchResult {
  rows: SearchRow[];
  total: number;
  facets: Record<FacetName, FacetCount[]>;
}

/** The documents a full-text query matches, with their rank (lower is better). */
type Matched = AliasableExpression<{ documentId: string; rank: number }>;

/** What differs between FTS5 and PostgreSQL full text: matching, ranking and snippets. */
interface FullText {
  matchedIds(db: Kysely<Database>, terms: string[]): AliasableExpression<{ documentId: string }>;
  ranked(db: Kysely<Database>, terms: string[]): Matched;
  /** Title order by code point on both engines (PostgreSQL's locale collation would order differently). */
  titleOrder: RawBuilder<string>;
  snippets(db: Kysely<Database>, terms: string[], documentIds: string[]): Promise<Map<string, string>>;
}

/*
 * SQLite FTS5: bm25 with the title ten times the body; snippet() of the body column. Matches are
 * mapped to documents through document_search_rowids: reading documentId from the FTS5 row itself
 * would load each matching row's whole text (seconds for a common word in 100,000 documents).
 */
function sqliteMatches(db: Kysely<Database>, terms: string[]) {
  return db
    .selectFrom('document_search')
    .innerJoin('document_search_rowids', (join) => join.on(sql<SqlBool>`document_search_rowids."searchRowid" = document_search.rowid`))
    .where(sql<SqlBool>`document_search MATCH ${fts5Query(terms)}`);
}

export const sqliteSearch: FullText = {
  matchedIds: (db, terms) => sqliteMatches(db, terms).select('document_search_rowids.documentId'),
  ranked: (db, terms) =>
    sqliteMatches(db, terms).select(['document_search_rowids.documentId', sql<number>`bm25(document_search, 0, 10, 1)`.as('rank')]),
  titleOrder: sql<string>`lower(documents.title)`,
  async snippets(db, terms, documentIds) {
    const { rows } = await sql<{ documentId: string; snippet: string }>`
      SELECT r."documentId", snippet(document_search, 2, ${highlightStart}, ${highlightEnd}, '…', 24) AS snippet
      FROM document_search JOIN document_search_rowids r ON r."searchRowid" = document_search.rowid
      WHERE document_search MATCH ${fts5Query(terms)} AND r."documentId" IN (${sql.join(documentIds)})`.execute(db);
    return new Map(rows.map((row) => [row.documentId, row.snippet]));
  },
};

const headlineOptions = `StartSel=${highlightStart}, StopSel=${highlightEnd}, MaxFragments=1, MaxWords=30, MinWords=12, ShortWord=0, FragmentDelimiter=" … "`;

/**
 * PostgreSQL: tsvector with the title as weight A (1.0) and the body as B (0.1), divided by
 * 1 + log(length) like bm25's length penalty; ts_headline of the body.
 */
function postgresMatches(db: Kysely<Database>, terms: string[]) {
  return db.selectFrom('document_search').where(sql<SqlBool>`document_search.tsv @@ to_tsquery('simple', ${tsQuery(terms)})`);
}

export const postgresSearch: FullText = {
  matchedIds: (db, terms) => postgresMatches(db, terms).select('document_search.documentId'),
  ranked: (db, terms) =>
    postgresMatches(db, terms).select([
      'document_search.documentId',
      sql<number>`-ts_rank('{0, 0, 0.1, 1}'::float4[], document_search.tsv, to_tsquery('simple', ${tsQuery(terms)}), 1)`.as('rank'),
    ]),
  titleOrder: sql<string>`lower(documents.title) COLLATE "C"`,
  async snippets(db, terms, documentIds) {
    const { rows } = await sql<{ documentId: string; snippet: string }>`
      SELECT "documentId", ts_headline('simple', body, to_tsquery('simple', ${tsQuery(terms)}), ${headlineOptions}) AS snippet
      FROM document_search
      WHERE "documentId" IN (${sql.join(documentIds)})`.execute(db);
    return new Map(rows.map((row) => [row.documentId, row.snippet]));
  },
};

/** Published documents with a current version that the user may see and that pass every filter but those in `skip`. */
function conditions(criteria: SearchCriteria, skip: FacetName[] = []): DocumentFilter {
  return (eb: ExpressionBuilder<Database, 'documents'>) => {
    const all = [eb('documents.status', '=', 'published'), eb('documents.currentVersionId', 'is not', null), criteria.visible(eb)];
    if (!skip.includes('type') && criteria.type.length > 0) all.push(eb('documents.typeCode', 'in', criteria.type));
    if (!skip.includes('language') && criteria.language.length > 0) all.push(eb('documents.languageCode', 'in', criteria.language));
    if (!skip.includes('product') && criteria.product.length > 0) {
      all.push(
        eb.exists(
          eb
            .selectFrom('document_products')
            .select('document_products.documentId')
            .whereRef('document_products.documentId', '=', 'documents.id')
            .where('document_products.productCode', 'in', criteria.product),
        ),
      );
    }
    return eb.and(all);
  };
}

function fullTextOf(db: Kysely<Database>): FullText {
  return dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? postgresSearch : sqliteSearch;
}

/** The visible documents that match the words and pass the filters not in `skip`. */
function matching(db: Kysely<Database>, criteria: SearchCriteria, skip: FacetName[]) {
  const query = db.selectFrom('documents').where(conditions(criteria, skip));
  if (criteria.terms.length === 0) return query;
  return query.where(sql<SqlBool>`${sql.ref('documents.id')} IN (${fullTextOf(db).matchedIds(db, criteria.terms)})`);
}

interface TypeLanguageCount {
  typeCode: string;
  languageCode: string;
  count: number;
}

/**
 * Type and language are single-valued, so one count per (type, language) pair over the set
 * without either filter gives both facets (each ignoring its own filter) and the total.
 */
function typeAndLanguageFacets(pairs: TypeLanguageCount[], criteria: SearchCriteria) {
  const sum = (filter: (pair: TypeLanguageCount) => boolean, key: 'typeCode' | 'languageCode'): FacetCount[] => {
    const counts = new Map<string, number>();
    for (const pair of pairs.filter(filter)) counts.set(pair[key], (counts.get(pair[key]) ?? 0) + pair.count);
    return [...counts].map(([value, count]) => ({ value, count }));
  };
  const typeOk = (pair: TypeLanguageCount) => criteria.type.length === 0 || criteria.type.includes(pair.typeCode);
  const languageOk = (pair: TypeLanguageCount) => criteria.language.length === 0 || criteria.language.includes(pair.languageCode);
  return {
    type: sum(languageOk, 'typeCode'),
    language: sum(typeOk, 'languageCode'),
    total: pairs.filter((pair) => typeOk(pair) && languageOk(pair)).reduce((total, pair) => total + pair.count, 0),
  };
}

async function typeLanguageCounts(db: Kysely<Database>, criteria: SearchCriteria): Promise<TypeLanguageCount[]> {
  const rows = await matching(db, criteria, ['type', 'language'])
    .select(['documents.typeCode', 'documents.languageCode', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['documents.typeCode', 'documents.languageCode'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

async function productCounts(db: Kysely<Database>, criteria: SearchCriteria): Promise<FacetCount[]> {
  const rows = await matching(db, criteria, ['product'])
    .innerJoin('document_products', 'document_products.documentId', 'documents.id')
    .select(['document_products.productCode as value', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('document_products.productCode')
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

async function pageRows(db: Kysely<Database>, criteria: SearchCriteria): Promise<Omit<SearchRow, 'snippet'>[]> {
  const fullText = fullTextOf(db);
  const columns = [
    'documents.id', 'documents.serviceRef', 'documents.title', 'documents.typeCode', 'documents.languageCode',
    'documents.downloadable', 'document_versions.id as versionId', 'document_versions.resourceVersion',
    'document_versions.fileName', 'document_versions.mediaType', 'document_versions.publishedAt', 'document_versions.thumbnailKey',
  ] as const;
  // Without words the listing walks the versions' publication index, newest first, and stops at
  // the page's end; CROSS JOIN keeps SQLite from starting at the documents and sorting them all.
  const base = (
    criteria.terms.length > 0
      ? db
          .selectFrom(fullText.ranked(db, criteria.terms).as('matched'))
          .innerJoin('documents', 'documents.id', 'matched.documentId')
          .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
      : db
          .selectFrom('document_versions')
          .crossJoin('documents')
          .whereRef('documents.id', '=', 'document_versions.documentId')
          .whereRef('documents.currentVersionId', '=', 'document_versions.id')
  )
    .where(conditions(criteria))
    .select(columns);
  const ordered =
    criteria.sort === 'relevance' && criteria.terms.length > 0
      ? base.orderBy(sql`matched.rank`)
      : criteria.sort === 'title'
        ? base.orderBy(fullText.titleOrder)
        : base;
  return ordered
    .orderBy('document_versions.publishedAt', 'desc')
    .orderBy('documents.id')
    .limit(criteria.limit)
    .offset(criteria.offset)
    .execute();
}

/** One page of the documents matching the criteria, with snippets. */
export async function searchPage(db: Kysely<Database>, criteria: SearchCriteria): Promise<SearchRow[]> {
  const rows = await pageRows(db, criteria);
  const snippets =
    criteria.terms.length > 0 && rows.length > 0
      ? await fullTextOf(db).snippets(db, criteria.terms, rows.map((row) => row.id))
      : new Map<string, string>();
  return rows.map((row) => ({ ...row, snippet: snippets.get(row.id) ?? '' }));
}

/** How many documents match the criteria, and the facet counts (sort and page play no part). */
export async function searchCounts(db: Kysely<Database>, criteria: SearchCriteria): Promise<Omit<SearchResult, 'rows'>> {
  const [pairs, product] = await Promise.all([typeLanguageCounts(db, criteria), productCounts(db, criteria)]);
  const { type, language, total } = typeAndLanguageFacets(pairs, criteria);
  return { total, facets: { type, language, product } };
}

/** Page and counts together. */
export async function searchDocuments(db: Kysely<Database>, criteria: SearchCriteria): Promise<SearchResult> {
  const [rows, counts] = await Promise.all([searchPage(db, criteria), searchCounts(db, criteria)]);
  return { rows, ...counts };
}
