import { Box, Button, Collapse, Grid, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import type { SearchFilterName } from '@portal/contracts/documents';
import { maxSearchQueryLength } from '@portal/contracts/search-limits';
import { useTranslation } from 'react-i18next';
import { FollowToggle } from '../../../components/follow-toggle/follow-toggle';
import { PageFrame } from '../../../components/layouts/page-frame';
import { SearchBox } from '../../../components/search-box/search-box';
import { LazyDocumentViewerDialog } from '../../../components/document-viewer/lazy-document-viewer-dialog';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { searchFollowId } from '../../../lib/alerts/search-follow-id';
import { useBreakpoint } from '../../../lib/hooks/use-breakpoint';
import { searchQueryOptions, type SearchSort } from '../../../lib/search/search-api';
import { useLocaleFormatsWarmUp } from '../hooks/use-locale-formats-warm-up';
import { useResourcesState } from '../hooks/use-resources-state';
import { toSearchParams, type FacetName } from '../utils/resources-url-state';
import { FacetFilters } from './facet-filters';
import { CorrectedQueryNote } from './corrected-query-note';
import { ResultsList } from './results-list';
import { SortSelect } from './sort-select';
import { useDocumentViewerPreload } from '../../../components/document-viewer/use-document-viewer-preload';

/** Issue #4: the search runs as the user types, 250 ms after the last key. */
const searchDebounceMs = 250;

/** Issue #4 resources page: search as you type, facets, sort and pages, all in the URL. */
export function ResourcesPage() {
  useDocumentViewerPreload();
  const { t, i18n } = useTranslation();
  useLocaleFormatsWarmUp(i18n.language);
  const [state, update] = useResourcesState();
  const search = useQuery(searchQueryOptions(toSearchParams(state)));
  const [viewing, setViewing] = useState<ViewerDocument | null>(null);
  const [filtersOpened, { toggle: toggleFilters }] = useDisclosure(false);
  // Below the medium breakpoint (1024 px) the filters fold away behind a button.
  const breakpoint = useBreakpoint();
  const compact = breakpoint === 'xs' || breakpoint === 'sm';
  // Drawing 24 cards is the page's heaviest work: done as a deferred, interruptible render it no
  // longer blocks typing or the first paint (TanStack's own updates render synchronously).
  const data = useDeferredValue(search.data);
  const sort = state.sort ?? (state.q.trim() ? 'relevance' : 'newest');
  const followedSearch = searchFollowId(state);
  const { refetch } = search;
  const retry = useCallback(() => void refetch(), [refetch]);
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  const removeFilter = useCallback((name: SearchFilterName) => update({ [name]: [] }), [update]);
  const clearFilters = useCallback(() => update({ type: [], product: [], language: [] }), [update]);
  const searchAsTypedExactly = useCallback(() => update({ exact: true }), [update]);
  const searchAsTyped = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const changeSort = useCallback((next: SearchSort) => update({ sort: next }), [update]);
  const changeFacet = useCallback((name: FacetName, selected: string[]) => update({ [name]: selected }), [update]);
  const tooLong = useCallback((length: number, max: number) => t('resources.queryTooLong', { max, length }), [t]);
  // A page past the end (an old link, fewer results since) moves to the last page, in place.
  const answered = search.data;
  useEffect(() => {
    if (answered && answered.items.length === 0 && answered.total > 0 && state.page > 1) {
      update({ page: Math.ceil(answered.total / answered.pageSize) }, { replace: true });
    }
  }, [answered, state.page, update]);

  const filters = (
    <FacetFilters
      facets={data?.facets}
      state={state}
      onChange={changeFacet}
      onClear={clearFilters}
    />
  );

  return (
    <PageFrame title={t('resources.title')} description={t('resources.description')}>
      <div role="search">
        <SearchBox
          value={state.q}
          onSearch={searchAsTyped}
          debounceMs={searchDebounceMs}
          maxQueryLength={maxSearchQueryLength}
          tooLongMessage={tooLong}
          label={t('resources.searchLabel')}
          placeholder={t('resources.searchPlaceholder')}
          clearLabel={t('resources.clearSearch')}
          data-testid="resources-search"
        />
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {compact ? (
            <Box>
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                onClick={toggleFilters}
                aria-expanded={filtersOpened}
                aria-controls="resources-filters"
              >
                {filtersOpened ? t('resources.hideFilters') : t('resources.showFilters')}
              </Button>
              <Collapse expanded={filtersOpened} id="resources-filters" mt="md">
                {filtersOpened && filters}
              </Collapse>
            </Box>
          ) : (
            filters
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md" aria-busy={search.isFetching}>
            <Group justify="space-between" align="flex-end">
              <Group gap="sm">
                <Text fw={600} aria-live="polite" data-testid="result-count">
                  {data && (data.items.length > 0 || data.total === 0) ? t('resources.resultCount', { count: data.total }) : '\u00a0'}
                </Text>
                {followedSearch && (
                  <FollowToggle kind="search" itemId={followedSearch} labels={{ follow: 'alerts.followSearch', following: 'alerts.followingSearch' }} />
                )}
              </Group>
              <SortSelect value={sort} onChange={changeSort} />
            </Group>
            {data?.didYouMean && !state.exact && <CorrectedQueryNote corrected={data.didYouMean} typed={state.q.trim()} onSearchAsTyped={searchAsTypedExactly} />}
            <ResultsList
              data={data}
              isError={search.isError}
              onRetry={retry}
              onOpen={setViewing}
              onPage={goToPage}
              onRemoveFilter={removeFilter}
              onClearFilters={clearFilters}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {viewing && <LazyDocumentViewerDialog document={viewing} opened onClose={() => setViewing(null)} />}
    </PageFrame>
  );
}
