import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { catalogSearch } from './catalog-search.repository.ts';
import { parseSearchTerms } from './search-query.ts';

export type NoResultReason = 'nothingExists' | 'hiddenByAccess' | 'otherLanguage';

export interface NoResultSearch {
  /** The text as searched. */
  text: string;
  type: string[];
  product: string[];
  /** The language facet the reader had set (empty: any language). */
  language: string[];
}

/** Sees every published document: "does anything in the whole portal match". */
const wholePortal: AuthUser = { sub: 'search-analytics', email: '', name: 'search analytics', roles: ['admin'], account: null };

/**
 * Why a search that showed its reader nothing found nothing: no published document in the whole portal matches the
 * text and the type and product facets (`nothingExists`); matches exist in the languages the reader asked for (any,
 * without a language facet), so the reader may not see them (`hiddenByAccess`, with how many: a count, never which);
 * or matches exist only in other languages than those the reader asked for (`otherLanguage`).
 */
export async function noResultReason(db: Kysely<Database>, search: NoResultSearch): Promise<{ reason: NoResultReason; hiddenMatches: number }> {
  const terms = parseSearchTerms(search.text);
  const totalIn = async (language: string[]) =>
    (await catalogSearch(db, { terms, type: search.type, product: search.product, language, sort: 'relevance', limit: 1, offset: 0, user: wholePortal })).total;
  const anyLanguage = await totalIn([]);
  if (anyLanguage === 0) return { reason: 'nothingExists', hiddenMatches: 0 };
  const askedLanguages = search.language.length === 0 ? anyLanguage : await totalIn(search.language);
  return askedLanguages > 0 ? { reason: 'hiddenByAccess', hiddenMatches: askedLanguages } : { reason: 'otherLanguage', hiddenMatches: 0 };
}
