import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { resultColumns, searchConditions, type FacetCount, type FacetName, type PlannedCriteria, type SearchCounts, type SearchCriteria } from './search-criteria.repository.ts';
import { looksLikeDocumentNumber, tsAnyQuery, tsExactQuery, type TermPlan } from './search-query.ts';

/*
 * PostgreSQL: the whole search in SQL. Matching through the tsvector's GIN index (title and
 * document number weight A, text weight B). A document matches when it holds every query word in
 * one of its forms: the word as a prefix or a stem (exact), or a correction (see TermPlan). The
 * relevance tier, as the SQLite catalog computes it: 81 for a document whose number starts with a
 * query word, 9 per word found exactly, 1 per word found exactly in the title.
 */

const tsquery = (text: string) => sql`to_tsquery('simple', ${text})`;

function matchedIds(db: Kysely<Database>, plans: readonly TermPlan[]) {
  return db
    .selectFrom('document_search')
    .select('document_search.documentId')
    .where(sql<SqlBool>`document_search.tsv @@ ${tsquery(plans.map((plan) => `(${tsAnyQuery(plan)})`).join(' & '))}`);
}

/** The documents holding a word in one of its exact forms, from the GIN index alone. */
function exactIds(db: Kysely<Database>, plan: TermPlan) {
  return db.selectFrom('document_search as exact').select('exact.documentId').where(sql<SqlBool>`exact.tsv @@ ${tsquery(tsExactQuery(plan))}`);
}

/*
 * The tier never reads a matching row's whole tsvector (about 10 KB, stored out of line: reading
 * it back for tens of thousands of matches took seconds). A word without corrections is held
 * exactly by every match; one with corrections asks the index which documents hold it exactly;
 * the title is asked of its own small tsvector.
 */
function tier(db: Kysely<Database>, plans: readonly TermPlan[]) {
  const parts = plans.flatMap((plan) => [
    plan.corrections.length === 0 ? sql`9` : sql`9 * (document_search."documentId" IN (${exactIds(db, plan)}))::int`,
    sql`(document_search."titleTsv" @@ ${tsquery(tsExactQuery(plan))})::int`,
  ]);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** 81 when the document's number starts with a query word that looks like one. */
function numberTier(plans: readonly TermPlan[]) {
  const numbers = plans.filter((plan) => looksLikeDocumentNumber(plan.term)).map((plan) => `${plan.term}%`);
  if (numbers.length === 0) return sql<number>`0`;
  return sql<number>`(CASE WHEN ${sql.join(numbers.map((pattern) => sql`lower(documents."serviceRef") LIKE ${pattern}`), sql` OR `)} THEN 81 ELSE 0 END)`;
}

function ranked(db: Kysely<Database>, plans: readonly TermPlan[]) {
  return matchedIds(db, plans).select(tier(db, plans).as('tier'));
}

/*
 * PostgreSQL's planner prices a scan of document_search by its main rows, not by the out-of-line
 * tsvector it must read back and decompress to test each one: for a word in most documents it
 * scans the table (or its primary key) instead of asking the GIN index. Counting a word found in
 * 95 % of 100,000 documents took 1,070 ms that way and 190 ms through the index. A search with
 * words runs its statements with those scans priced out.
 */
function withIndexScans<T>(db: Kysely<Database>, criteria: PlannedCriteria, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (criteria.plans.length === 0) return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    // An index scan of the primary key that tests every row's tsvector is the same trap.
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    return work(trx);
  });
}

/** The visible documents that match the words and pass the filters not in `skip`. */
function matching(db: Kysely<Database>, criteria: PlannedCriteria, skip: FacetName[]) {
  const query = db.selectFrom('documents').where(searchConditions(criteria, skip));
  if (criteria.plans.length === 0) return query;
  return query.where(sql<SqlBool>`${sql.ref('documents.id')} IN (${matchedIds(db, criteria.plans)})`);
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

async function typeLanguageCounts(db: Kysely<Database>, criteria: PlannedCriteria): Promise<TypeLanguageCount[]> {
  const rows = await matching(db, criteria, ['type', 'language'])
    .select(['documents.typeCode', 'documents.languageCode', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['documents.typeCode', 'documents.languageCode'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

async function productCounts(db: Kysely<Database>, criteria: PlannedCriteria): Promise<FacetCount[]> {
  const rows = await matching(db, criteria, ['product'])
    .innerJoin('document_products', 'document_products.documentId', 'documents.id')
    .select(['document_products.productCode as value', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('document_products.productCode')
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

/** How many documents match the criteria, and the facet counts (sort and page play no part). */
export async function postgresCounts(db: Kysely<Database>, criteria: PlannedCriteria): Promise<SearchCounts> {
  const [pairs, product] = await Promise.all([
    withIndexScans(db, criteria, (scoped) => typeLanguageCounts(scoped, criteria)),
    withIndexScans(db, criteria, (scoped) => productCounts(scoped, criteria)),
  ]);
  const { type, language, total } = typeAndLanguageFacets(pairs, criteria);
  return { total, facets: { type, language, product } };
}

/** One page of result rows, without snippets. */
export function postgresPage(db: Kysely<Database>, criteria: PlannedCriteria) {
  return withIndexScans(db, criteria, (scoped) => pageRows(scoped, criteria));
}

function pageRows(db: Kysely<Database>, criteria: PlannedCriteria) {
  const base = (
    criteria.plans.length > 0
      ? db
          .selectFrom(ranked(db, criteria.plans).as('matched'))
          .innerJoin('documents', 'documents.id', 'matched.documentId')
          .innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
      : db.selectFrom('documents').innerJoin('document_versions', 'document_versions.id', 'documents.currentVersionId')
  )
    .where(searchConditions(criteria))
    .select(resultColumns);
  const ordered =
    criteria.sort === 'relevance' && criteria.plans.length > 0
      ? base.orderBy(sql`matched.tier + ${numberTier(criteria.plans)}`, 'desc')
      : criteria.sort === 'title'
        ? base.orderBy(sql`lower(documents.title) COLLATE "C"`)
        : base;
  return ordered
    .orderBy('document_versions.publishedAt', 'desc')
    .orderBy('documents.id')
    .limit(criteria.limit)
    .offset(criteria.offset)
    .execute();
}
