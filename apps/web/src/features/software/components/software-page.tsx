import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/layouts/page-frame';
import { SearchBox } from '../../../components/search-box/search-box';
import { softwareListQueryOptions } from '../api/get-software-list';
import { useSoftwareListState } from '../hooks/use-software-list-state';
import { softwarePageSize } from '../utils/software-list-state';
import { CategoryFilter } from './category-filter';
import { SoftwareList } from './software-list';

/** The list follows the text 300 ms after the last key (Enter: at once). */
const searchDebounceMs = 300;

/** Software list: text search and category filter (both in the URL), one card per item with its latest version. */
export function SoftwarePage() {
  const { t } = useTranslation();
  const [state, update] = useSoftwareListState();
  const list = useQuery(softwareListQueryOptions({ ...state, pageSize: softwarePageSize }));
  const data = list.data;

  return (
    <PageFrame title={t('software.title')} description={t('software.description')}>
      <Stack gap="md" role="search">
        <SearchBox
          value={state.q}
          onSearch={(q) => update({ q }, true)}
          debounceMs={searchDebounceMs}
          label={t('software.searchLabel')}
          placeholder={t('software.searchPlaceholder')}
          clearLabel={t('software.clearSearch')}
          data-testid="software-search"
        />
        {data && <CategoryFilter facets={data.facets.category} value={state.category} onChange={(category) => update({ category })} />}
      </Stack>
      <Group justify="space-between" gap="xs">
        <Text fw={600} aria-live="polite" data-testid="software-count">
          {data ? t('software.resultCount', { count: data.total }) : '\u00a0'}
        </Text>
        <Anchor component={Link} to="/downloads?kind=software" fz="sm" data-testid="software-download-history">
          <Group gap={4} wrap="nowrap" component="span">
            <IconHistory size={16} aria-hidden />
            {t('software.downloadHistory')}
          </Group>
        </Anchor>
      </Group>
      <div aria-busy={list.isFetching}>
        <SoftwareList
          data={data}
          isPending={list.isPending}
          isError={list.isError}
          onRetry={() => void list.refetch()}
          onPage={(page) => update({ page })}
        />
      </div>
    </PageFrame>
  );
}
