import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { maxSearchQueryLength, searchFilterNames, type FacetValue, type SearchQuery } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { hasUserGrants, productCodesByDocument, readerFileName, referenceNames, translationStatusesOf } from '../documents/index.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { searchIndexGeneration } from './search-index.repository.ts';
import { audienceKey, pageKey, type SearchPageCache, type UnsignedSearchItem, type UnsignedSearchPage } from './search-page-cache.ts';
import { parseSearchTerms } from './search-query.ts';
import { joinSearchAnswerText } from './search-answer-text.ts';
import { otherConnectionsVersion, searchDocuments, type FacetCount, type SearchCriteria, type SearchRow } from './search.repository.ts';

export interface SearchDeps {
  db: Kysely<Database>;
  fileUrls: FileUrls;
  pages: SearchPageCache;
  /** Whether some document names the user by e-mail, as of the content version (see `userGrantsAsOf`). */
  hasUserGrants: (email: string, contentVersion: string) => Promise<boolean>;
  /** Computes a page that is not cached: searchPage here, or the same in a worker thread (told the content version it must reflect). */
  runSearch: (criteria: SearchCriteria, contentVersion: string) => Promise<UnsignedSearchPage>;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function labelled(counts: FacetCount[], label: (value: string) => string): FacetValue[] {
  return counts
    .map((facet) => ({ ...facet, label: label(facet.value) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

function toItem(row: SearchRow, products: string[]): UnsignedSearchItem {
  return {
    id: row.id,
    serviceRef: row.serviceRef,
    title: row.title,
    fileName: readerFileName(row, row.fileName),
    typeCode: row.typeCode,
    languageCode: row.languageCode,
    resourceVersion: row.resourceVersion,
    versionId: row.versionId,
    publishedAt: row.publishedAt,
    downloadable: row.downloadable === 1,
    mediaType: row.mediaType,
    snippet: row.snippet,
    products,
    thumbnailKey: row.thumbnailKey,
  };
}

/**
 * When nothing matches with filters set: the total without each set filter and without any, so
 * the page can say which filter hides the results.
 */
async function totalsWithoutFilters(db: Kysely<Database>, criteria: SearchCriteria) {
  const set = searchFilterNames.filter((name) => criteria[name].length > 0);
  if (set.length === 0) return undefined;
  const totalOf = async (changed: Partial<SearchCriteria>) => {
    const reduced = { ...criteria, ...changed, limit: 1, offset: 0 };
    return (await searchDocuments(db, reduced)).total;
  };
  const each = await Promise.all(set.map(async (filter) => ({ filter, total: await totalOf({ [filter]: [] }) })));
  return { each, all: set.length === 1 ? each[0].total : await totalOf({ type: [], product: [], language: [] }) };
}

/** One page of what the criteria's user may see, with facet counts over the same set; thumbnails not yet signed. */
export async function searchPage(db: Kysely<Database>, criteria: SearchCriteria): Promise<UnsignedSearchPage> {
  const result = await searchDocuments(db, criteria);
  const withoutFilters = result.total === 0 ? await totalsWithoutFilters(db, criteria) : undefined;
  const [products, names] = await Promise.all([
    productCodesByDocument(db, result.rows.map((row) => row.id)),
    referenceNames(db, { types: result.facets.type.map((facet) => facet.value), products: result.facets.product.map((facet) => facet.value) }),
  ]);
  return {
    items: result.rows.map((row) => toItem(row, products.get(row.id) ?? [])),
    total: result.total,
    page: criteria.offset / criteria.limit + 1,
    pageSize: criteria.limit,
    facets: {
      type: labelled(result.facets.type, (code) => names.types.get(code) ?? code),
      product: labelled(result.facets.product, (code) => names.products.get(code) ?? code),
      language: labelled(result.facets.language, languageName),
    },
    ...(result.didYouMean !== null && { didYouMean: result.didYouMean }),
    ...(withoutFilters && { withoutFilters }),
    validUntil: result.validUntil,
  };
}

/** What search shows changes with this version: this process's changes of content and access, and commits by other processes. */
export async function currentContentVersion(db: Kysely<Database>): Promise<string> {
  return `${searchIndexGeneration()}:${await otherConnectionsVersion(db)}`;
}

/**
 * Whether a user is named by some document's access rules, remembered per content version: every grant moves it
 * (contentChanged), so a remembered answer is exactly as fresh as the cached pages it picks.
 */
export function userGrantsAsOf(db: Kysely<Database>, remembered = 10_000): SearchDeps['hasUserGrants'] {
  const known = new LRUCache<string, boolean>({ max: remembered });
  return async (email, contentVersion) => {
    const key = `${contentVersion}\n${email}`;
    let granted = known.get(key);
    if (granted === undefined) known.set(key, (granted = await hasUserGrants(db, email)));
    return granted;
  };
}

/** An answer ready to send: the response's JSON text (a SearchResponse), and what the route announces of it. */
export interface SearchAnswer {
  json: string;
  total: number;
  itemIds: string[];
}

/**
 * GET /api/Content/search: one page of what the user may see, with facet counts over the same
 * set; by relevance, documents in the reader's languages (most preferred first) lead each tier.
 */
export async function search(deps: SearchDeps, user: AuthUser, query: SearchQuery, readerLanguages: string[] = []): Promise<SearchAnswer> {
  if ((query.q ?? '').length > maxSearchQueryLength) {
    throw badRequest('queryTooLong', `The search text is too long: at most ${maxSearchQueryLength} characters are searched. Shorten it and search again.`);
  }
  const terms = parseSearchTerms(query.q);
  const criteria: SearchCriteria = {
    terms,
    type: query.type,
    product: query.product,
    language: query.language,
    sort: query.sort ?? (terms.length > 0 ? 'relevance' : 'newest'),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    user,
    readerLanguages,
    exact: query.exact === true,
  };
  // Read before searching, so a change made meanwhile leaves this answer under an outdated key.
  const contentVersion = await currentContentVersion(deps.db);
  const audience = audienceKey(user, await deps.hasUserGrants(user.email, contentVersion));
  const answer = await deps.pages.get(pageKey(criteria, audience, contentVersion), async () => {
    const found = await deps.runSearch(criteria, contentVersion);
    // Kept with the page: a new revision of a source changes the index, hence the content version and the key.
    const translations = await translationStatusesOf(deps.db, found.items.map((item) => item.id));
    return { ...found, items: found.items.map((item) => ({ ...item, translation: translations.get(item.id) ?? null })) };
  });
  return {
    total: answer.total,
    itemIds: answer.itemIds,
    json: joinSearchAnswerText(answer, ({ storageKey, fileName }) =>
      deps.fileUrls.sign({ storageKey, fileName, mediaType: 'image/png', userSub: user.sub, disposition: 'inline' }),
    ),
  };
}
