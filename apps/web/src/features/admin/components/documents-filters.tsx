import { Group, Select } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../components/search-box/search-box';
import type { CodeOption } from '../hooks/use-code-options';
import type { DocumentsQueryState } from '../utils/documents-query-state';

interface DocumentsFiltersProps {
  state: DocumentsQueryState;
  options: { types: CodeOption[]; products: CodeOption[]; languages: CodeOption[] };
  onChange: (patch: Partial<DocumentsQueryState>, options?: { replace?: boolean }) => void;
}

/** Keeps the chosen value in the list even when the options do not name it (yet). */
const withValue = (data: CodeOption[], value: string | null) => (value && !data.some((option) => option.value === value) ? [...data, { value, label: value }] : data);

/** Search box and filters of the document table; the text is searched 250 ms after the last key. */
export function DocumentsFilters({ state, options, onChange }: DocumentsFiltersProps) {
  const { t } = useTranslation();
  const search = useCallback((q: string) => onChange({ q }, { replace: true }), [onChange]);
  const select = (name: 'type' | 'language' | 'product' | 'audience' | 'state', data: CodeOption[]) => (
    <Select
      key={name}
      label={t(`admin.documents.filters.${name}`)}
      placeholder={t('admin.documents.filters.any')}
      data={withValue(data, state[name])}
      value={state[name]}
      onChange={(value) => onChange({ [name]: value ?? null })}
      clearable
      searchable={data.length > 8}
      w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 140 }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Group align="end" gap="sm" wrap="wrap">
      <SearchBox
        value={state.q}
        onSearch={search}
        debounceMs={250}
        label={t('admin.documents.filters.search')}
        placeholder={t('admin.documents.filters.searchPlaceholder')}
        size="sm"
        maxLength={200}
        type="search"
        w={{ base: '100%', sm: 200 }}
      />
      {select('type', options.types)}
      {select('language', options.languages)}
      {select('product', options.products)}
      {select('audience', [
        { value: 'everyone', label: t('admin.documents.audience.everyone') },
        { value: 'restricted', label: t('admin.documents.audience.restricted') },
      ])}
      {select('state', [
        { value: 'published', label: t('admin.documents.state.published') },
        { value: 'scheduled', label: t('admin.documents.state.scheduled') },
        { value: 'unpublished', label: t('admin.documents.state.unpublished') },
      ])}
    </Group>
  );
}
