import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContentLabel } from '../../../lib/i18n/content-labels';
import { languageName } from '../../../lib/i18n/language-name';
import { searchQueryOptions } from '../../../lib/search/search-api';

export interface CodeOption {
  value: string;
  label: string;
}

/** Languages offered even before a document in them exists. */
const usualLanguages = ['en', 'fr', 'de', 'es', 'it'];

/**
 * The document types, products and languages to choose from, with their labels: the search facets,
 * which name every code in use. Computed on each render: the label function follows the language.
 */
export function useCodeOptions(): { types: CodeOption[]; products: CodeOption[]; languages: CodeOption[] } {
  const { i18n } = useTranslation();
  const label = useContentLabel();
  const { data } = useQuery({
    ...searchQueryOptions({ q: '', type: [], product: [], language: [], page: 1, pageSize: 1 }),
    staleTime: 5 * 60 * 1000,
  });
  const facets = data?.facets;
  const languages = [...new Set([...usualLanguages, ...(facets?.language ?? []).map((facet) => facet.value)])].sort();
  return {
    types: (facets?.type ?? []).map((facet) => ({ value: facet.value, label: label('documentTypes', facet.value, facet.label) })),
    products: (facets?.product ?? []).map((facet) => ({ value: facet.value, label: label('products', facet.value, facet.label) })),
    languages: languages.map((code) => ({ value: code, label: `${languageName(code, i18n.language)} (${code})` })),
  };
}
