import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SearchFilterName, SearchResponse } from '@portal/contracts/documents';

interface NoResultsPanelProps {
  /** Totals without each set filter, when filters are set (the API's `withoutFilters`). */
  withoutFilters: SearchResponse['withoutFilters'];
  onRemoveFilter: (name: SearchFilterName) => void;
  onClearFilters: () => void;
}

/**
 * Nothing matches: says which filter hides results and how many, with a button that removes it,
 * or that other words are needed when no filter would help. The filters stay set until removed.
 */
export function NoResultsPanel({ withoutFilters, onRemoveFilter, onClearFilters }: NoResultsPanelProps) {
  const { t } = useTranslation();
  const hiding = withoutFilters?.each.filter((entry) => entry.total > 0) ?? [];
  const several = (withoutFilters?.each.length ?? 0) > 1;
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="resources-empty">
      <IconFileSearch size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text fw={600}>{t('resources.noResults')}</Text>
      {hiding.map(({ filter, total }) => (
        <Group key={filter} gap="sm" justify="center" data-testid={`hidden-by-${filter}`}>
          <Text fz="sm">{t('resources.filterHides', { filter: t(`resources.facets.${filter}`), count: total })}</Text>
          <Button variant="light" size="compact-sm" onClick={() => onRemoveFilter(filter)}>
            {t('resources.removeFilter', { filter: t(`resources.facets.${filter}`) })}
          </Button>
        </Group>
      ))}
      {withoutFilters && several && withoutFilters.all > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={onClearFilters}>
          {t('resources.removeAllFilters', { count: withoutFilters.all })}
        </Button>
      )}
      <Text c="dimmed" fz="sm" ta="center">
        {t(withoutFilters && withoutFilters.all > 0 ? 'resources.noResultsFiltersHint' : 'resources.noResultsWordsHint')}
      </Text>
    </Stack>
  );
}
