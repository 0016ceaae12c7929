import type { Kysely } from 'kysely';
import type { FacetValue, SearchItem, SearchQuery, SearchResponse } from '@portal/contracts/documents';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { hasUserGrants, productCodesByDocument, referenceNames } from '../documents/document.repository.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { audienceKey, countsKey, type SearchCountsCache } from './search-counts-cache.ts';
import { searchIndexGeneration } from './search-index.repository.ts';
import { parseSearchTerms } from './search-query.ts';
import { searchDocuments, type FacetCount, type SearchCriteria, type SearchRow } from './search.repository.ts';

export interface SearchDeps {
  db: Kysely<Database>;
  fileUrls: FileUrls;
  counts: SearchCountsCache;
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

function toItem(row: SearchRow, products: string[], thumbnailUrl: string | null): SearchItem {
  return {
    id: row.id,
    serviceRef: row.serviceRef,
    title: row.title,
    fileName: row.fileName,
    typeCode: row.typeCode,
    languageCode: row.languageCode,
    resourceVersion: row.resourceVersion,
    versionId: row.versionId,
    publishedAt: row.publishedAt,
    downloadable: row.downloadable === 1,
    mediaType: row.mediaType,
    snippet: row.snippet,
    products,
    thumbnailUrl,
  };
}

/** GET /api/Content/search: one page of what the user may see, with facet counts over the same set. */
export async function search(deps: SearchDeps, user: AuthUser, query: SearchQuery): Promise<SearchResponse> {
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
  };
  // Read before counting, so a change made meanwhile leaves these counts under an outdated key.
  const generation = searchIndexGeneration();
  const audience = audienceKey(user, await hasUserGrants(deps.db, user.email));
  const result = await searchDocuments(deps.db, criteria, (compute) => deps.counts.get(countsKey(criteria, audience, generation), compute));
  const [products, names] = await Promise.all([
    productCodesByDocument(deps.db, result.rows.map((row) => row.id)),
    referenceNames(deps.db, { types: result.facets.type.map((facet) => facet.value), products: result.facets.product.map((facet) => facet.value) }),
  ]);
  const thumbnailUrl = (row: SearchRow) =>
    row.thumbnailKey
      ? deps.fileUrls.sign({ storageKey: row.thumbnailKey, fileName: `${row.serviceRef}-${row.resourceVersion}.png`, mediaType: 'image/png', userSub: user.sub, disposition: 'inline' })
      : null;
  return {
    items: result.rows.map((row) => toItem(row, products.get(row.id) ?? [], thumbnailUrl(row))),
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    facets: {
      type: labelled(result.facets.type, (code) => names.types.get(code) ?? code),
      product: labelled(result.facets.product, (code) => names.products.get(code) ?? code),
      language: labelled(result.facets.language, languageName),
    },
  };
}
