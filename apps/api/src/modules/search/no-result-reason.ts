import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { catalogSearch } from './catalog-search.repository.ts';
import { parseSearchTerms } from './search-query.ts';
import { currentContentVersion } from './search.service.ts';

export type NoResultReason = 'nothingExists' | 'hiddenByAccess' | 'otherLanguage';

export interface NoResultAnswer {
  reason: NoResultReason;
  hiddenMatches: number;
}

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
export async function noResultReason(db: Kysely<Database>, search: NoResultSearch): Promise<NoResultAnswer> {
  const terms = parseSearchTerms(search.text);
  const totalIn = async (language: string[]) =>
    (await catalogSearch(db, { terms, type: search.type, product: search.product, language, sort: 'relevance', limit: 1, offset: 0, user: wholePortal })).total;
  const anyLanguage = await totalIn([]);
  if (anyLanguage === 0) return { reason: 'nothingExists', hiddenMatches: 0 };
  const askedLanguages = search.language.length === 0 ? anyLanguage : await totalIn(search.language);
  return askedLanguages > 0 ? { reason: 'hiddenByAccess', hiddenMatches: askedLanguages } : { reason: 'otherLanguage', hiddenMatches: 0 };
}

/** Answers noResultReason for one database, wherever its searches run. */
export type NoResultReasons = (search: NoResultSearch) => Promise<NoResultAnswer>;

/** Reasons kept per query and facets: a flood of one query that finds nothing is looked into once a minute. */
export const noResultReasonCache = { max: 1_000, ttlMs: 60_000 };

const reasonsByDb = new WeakMap<Kysely<Database>, NoResultReasons>();

/**
 * Makes `answer` (the search worker's on SQLite) answer the no-result reasons of `db`, through a small cache keyed by
 * the content version, the parsed words and the facets. Set by the search routes, which own the worker.
 */
export function attachNoResultReasons(db: Kysely<Database>, answer: (search: NoResultSearch, contentVersion: string) => Promise<NoResultAnswer>): void {
  const cache = new LRUCache<string, Promise<NoResultAnswer>>({ max: noResultReasonCache.max, ttl: noResultReasonCache.ttlMs });
  reasonsByDb.set(db, async (search) => {
    const contentVersion = await currentContentVersion(db);
    const sorted = (values: string[]) => [...values].sort();
    const key = JSON.stringify([contentVersion, parseSearchTerms(search.text), sorted(search.type), sorted(search.product), sorted(search.language)]);
    const kept = cache.get(key);
    if (kept) return kept;
    const asked = answer(search, contentVersion);
    cache.set(key, asked);
    // A failed answer is not kept: the next search of the query asks again.
    asked.catch(() => cache.peek(key) === asked && cache.delete(key));
    return asked;
  });
}

export const detachNoResultReasons = (db: Kysely<Database>) => reasonsByDb.delete(db);

/**
 * The no-result reasons of `db`: the search routes' (in the search worker on SQLite, cached), or, in a process
 * without them (a command, a test of the recording alone), looked into on this connection.
 */
export function noResultReasons(db: Kysely<Database>): NoResultReasons {
  return reasonsByDb.get(db) ?? ((search) => noResultReason(db, search));
}
