import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { versionTexts } from '../documents/index.ts';
import type { SearchCriteria, SearchResult, SearchRow } from './search-criteria.repository.ts';
import { textSnippet } from './search-snippet.ts';
import { isStemToken } from './search-text.ts';
import { didYouMean, highlightPrefixes, type TermPlan } from './search-query.ts';
import { catalogSearch, catalogPageRows } from './catalog-search.repository.ts';

export { otherConnectionsVersion } from './catalog-search.repository.ts';

export type { FacetCount, FacetName, SearchCriteria, SearchResult, SearchRow, SearchSort } from './search-criteria.repository.ts';

async function withSnippets(db: Kysely<Database>, plans: TermPlan[], rows: Array<Omit<SearchRow, 'snippet'>>): Promise<SearchRow[]> {
  if (plans.length === 0) return rows.map((row) => ({ ...row, snippet: '' }));
  const texts = await versionTexts(db, rows.map((row) => row.versionId));
  const prefixes = highlightPrefixes(plans);
  return rows.map((row) => ({ ...row, snippet: textSnippet(texts.get(row.versionId) ?? '', prefixes) }));
}

/**
 * "Did you mean", only when the user sees results: the vocabulary holds the words of every
 * document, and a correction found only in documents the user may not see must not name them.
 */
function suggestion(plans: readonly TermPlan[], total: number): string | null {
  return total > 0 ? didYouMean(plans) : null;
}

/** One page of the documents matching the criteria, with snippets, the total and the facet counts. */
export async function searchDocuments(db: Kysely<Database>, criteria: SearchCriteria): Promise<SearchResult> {
  const { page, plans, ...counts } = await catalogSearch(db, criteria);
  return { rows: await withSnippets(db, plans, await catalogPageRows(db, criteria, page)), ...counts, didYouMean: suggestion(plans, counts.total) };
}

/** The file behind a SQLite database, or null for an in-memory one (tests), which no other connection can open. */
export async function sqliteFileOf(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  return rows.find((row) => row.name === 'main')?.file || null;
}

/** SQLite: words (not stems) of the vocabulary in at least `minShare` of the indexed documents, the most frequent `limit` of them, least frequent first. */
export async function frequentIndexWords(db: Kysely<Database>, limit: number, minShare: number): Promise<string[]> {
  const { rows: [counted] } = await sql<{ documents: number }>`SELECT count(*) AS documents FROM document_search_rowids`.execute(db);
  const rows = await db
    .selectFrom('search_vocabulary')
    .select('word')
    .where('documents', '>=', Math.max(1, Math.ceil(Number(counted.documents) * minShare)))
    .orderBy('documents', 'desc')
    .orderBy('word')
    .limit(limit * 2)
    .execute();
  return rows.map((row) => row.word).filter((word) => !isStemToken(word)).slice(0, limit).reverse();
}
