import { searchQuerySchema } from '@portal/contracts/documents';
import { badRequest } from '../../platform/errors.ts';

/*
 * A followed search is a resources query (`q=…&type=…&product=…&language=…`). It is stored
 * normalised, so that the same search followed twice is one follow and the fan-out can group
 * followers by query: words lower case and single-spaced, each filter's values sorted and unique,
 * paging and sorting dropped.
 */

const searchFields = searchQuerySchema.pick({ q: true, type: true, product: true, language: true });
const filterNames = ['type', 'product', 'language'] as const;

export interface SavedSearch {
  words: string[];
  type: string[];
  product: string[];
  language: string[];
}

function parse(query: string): SavedSearch | undefined {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const parsed = searchFields.safeParse({
    q: params.get('q') ?? undefined,
    type: params.getAll('type'),
    product: params.getAll('product'),
    language: params.getAll('language'),
  });
  if (!parsed.success) return undefined;
  const unique = (values: string[]) => [...new Set(values)].sort();
  const words = unique((parsed.data.q ?? '').toLowerCase().split(/\s+/).filter((word) => word !== ''));
  return { words, type: unique(parsed.data.type), product: unique(parsed.data.product), language: unique(parsed.data.language) };
}

/** The stored form of a search; 400 when it is not a resources query or names nothing to look for. */
export function normaliseSearch(query: string): string {
  const search = parse(query);
  if (!search || (search.words.length === 0 && filterNames.every((name) => search[name].length === 0))) {
    throw badRequest('invalidParameters', 'A followed search needs words (q) or a filter (type, product, language).');
  }
  const params = new URLSearchParams();
  if (search.words.length > 0) params.set('q', search.words.join(' '));
  for (const name of filterNames) if (search[name].length > 0) params.set(name, search[name].join(','));
  return params.toString();
}

export interface SearchableDocument {
  title: string;
  serviceRef: string;
  typeCode: string;
  languageCode: string;
  productCodes: readonly string[];
}

/**
 * Whether a new document belongs to a saved search's results: every filter admits it and every
 * word appears in its title or reference. (Words in the file's text are not looked at: the text is
 * extracted later, and a follower would rather hear of fewer documents than of unrelated ones.)
 */
export function searchMatches(stored: string, document: SearchableDocument): boolean {
  const search = parse(stored);
  if (!search) return false;
  if (search.type.length > 0 && !search.type.includes(document.typeCode)) return false;
  if (search.language.length > 0 && !search.language.includes(document.languageCode)) return false;
  if (search.product.length > 0 && !search.product.some((code) => document.productCodes.includes(code))) return false;
  const haystack = `${document.title} ${document.serviceRef}`.toLowerCase();
  return search.words.every((word) => haystack.includes(word));
}
