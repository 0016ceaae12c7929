import { NativeSelect } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchSort } from '../../../lib/search/search-api';

const sorts: SearchSort[] = ['relevance', 'newest', 'title'];

interface SortSelectProps {
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
}

/**
 * The browser's own list: right on phones, and no dropdown code on the page's first load.
 * Memoised: the page draws again with every answer, the list only when the sort changes.
 */
export const SortSelect = memo(function SortSelect({ value, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('resources.sortLabel')}
      data={sorts.map((sort) => ({ value: sort, label: t(`resources.sort.${sort}`) }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as SearchSort)}
      w={200}
      data-testid="resources-sort"
    />
  );
});
