import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchQueryOptions } from '../../../lib/search/search-api';

/** The documents offered: the first matches of what is typed, newest first. */
const offered = 20;

/** Picks the document holding a version's release notes, found by its title, reference or text. */
export function ReleaseNotesSelect({ value, onChange, disabled }: { value: string | null; onChange: (documentId: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const results = useQuery({
    ...searchQueryOptions({ q, type: [], product: [], language: [], sort: 'newest', page: 1, pageSize: offered }),
    enabled: q.trim() !== '',
  });
  const options = (results.data?.items ?? []).map((item) => ({ value: item.id, label: `${item.title || item.fileName} (${item.serviceRef})` }));
  // The chosen document stays an option when a new search no longer finds it.
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  return (
    <Select
      label={t('adminSoftware.fields.releaseNotes')}
      description={t('adminSoftware.fields.releaseNotesHint')}
      placeholder={t('adminSoftware.fields.releaseNotesPlaceholder')}
      data={options}
      value={value}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={q.trim() && !results.isFetching ? t('adminSoftware.fields.releaseNotesNone') : undefined}
      clearable
      disabled={disabled}
    />
  );
}
