import type { ExpressionBuilder } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { documentSubject, publishedFilter } from '../../platform/access/index.ts';
import { inAnyProduct, visibleDocumentsFilter, type DocumentCardRow, type DocumentFilter } from '../documents/index.ts';

export type FacetName = 'type' | 'product' | 'language';
export type SearchSort = 'relevance' | 'newest' | 'title';

export interface SearchCriteria {
  /** Folded words (parseSearchTerms), each looked for as its TermPlan says; empty lists every document. */
  terms: string[];
  type: string[];
  product: string[];
  language: string[];
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Who searches: only what the access service lets them see is counted or returned. */
  user: AuthUser;
  /** The reader's languages, most preferred first: by relevance, documents in them come first in each tier. */
  readerLanguages?: string[];
  /** The words as typed: no misspelling is corrected (and so no "did you mean"). */
  exact?: boolean;
}

export interface SearchRow extends DocumentCardRow {
  versionId: string;
  mediaType: string;
  publishedAt: string;
  snippet: string;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface SearchCounts {
  total: number;
  facets: Record<FacetName, FacetCount[]>;
}

export interface SearchResult extends SearchCounts {
  rows: SearchRow[];
  /** The query with its misspelt words corrected, or null when none was. */
  didYouMean: string | null;
  /** ISO time at which an access grant the answer relied on expires ('9999' when none will). */
  validUntil: string;
}

/*
 * Relevance, the same on both engines: a document whose number starts with a query word first,
 * then documents holding more of the words exactly (not only through a correction), then those
 * whose title holds more of them, then the newest. Ties on the publication time go by document
 * id, in every order.
 */

/** Published documents with a current version that the user may see and that pass every filter but those in `skip`. */
export function searchConditions(criteria: SearchCriteria, skip: FacetName[] = []): DocumentFilter {
  const visible = visibleDocumentsFilter(criteria.user);
  return (eb: ExpressionBuilder<Database, 'documents'>) => {
    const all = [publishedFilter(documentSubject), visible(eb)];
    if (!skip.includes('type') && criteria.type.length > 0) all.push(eb('documents.typeCode', 'in', criteria.type));
    if (!skip.includes('language') && criteria.language.length > 0) all.push(eb('documents.languageCode', 'in', criteria.language));
    if (!skip.includes('product') && criteria.product.length > 0) {
      all.push(inAnyProduct(criteria.product)(eb));
    }
    return eb.and(all);
  };
}
