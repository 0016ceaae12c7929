import { searchQueryOptions, type SearchParams } from '../../../lib/search/search-api';

/** The newest documents the user may see (the search answers only those), with the facets over all of them. */
const recentParams: SearchParams = { q: '', type: [], product: [], language: [], sort: 'newest', page: 1, pageSize: 8 };

/** One search serves the home page's recent documents and its products (the product facet). */
export const recentSearchQueryOptions = () => searchQueryOptions(recentParams);
