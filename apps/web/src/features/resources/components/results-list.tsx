import { Alert, Button, Center, Loader, Pagination, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconFileSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchFilterName, SearchResponse } from '@portal/contracts/documents';
import { useDemoContentPreparing } from '../../../lib/demo-content/demo-content-store';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { DeferredRender } from '../../../components/ui/deferred-render';
import { DeferredResultCards } from './deferred-result-cards';
import { NoResultsPanel } from './no-results-panel';

interface ResultsListProps {
  /** Undefined while the first answer is on its way. */
  data: SearchResponse | undefined;
  isError: boolean;
  onRetry: () => void;
  onOpen: (document: ViewerDocument) => void;
  onPage: (page: number) => void;
  onRemoveFilter: (name: SearchFilterName) => void;
  onClearFilters: () => void;
}

/**
 * The result cards (one column, two from 1440 px, three from 1920 px), pagination, and the empty and
 * error states. Memoised: the page re-renders on each key press, the 24 cards only for new results.
 */
export const ResultsList = memo(function ResultsList({ data, isError, onRetry, onOpen, onPage, onRemoveFilter, onClearFilters }: ResultsListProps) {
  const { t } = useTranslation();
  const demoContentPreparing = useDemoContentPreparing();

  if (isError && !data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('resources.error')} data-testid="resources-error">
        <Button variant="white" color="red" size="compact-sm" mt="xs" onClick={onRetry}>
          {t('resources.retry')}
        </Button>
      </Alert>
    );
  }
  // A page past the end (an old link) shows the loader while the page moves to the last one.
  if (!data || (data.items.length === 0 && data.total > 0)) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (data.items.length === 0 && !demoContentPreparing) {
    return <NoResultsPanel withoutFilters={data.withoutFilters} onRemoveFilter={onRemoveFilter} onClearFilters={onClearFilters} />;
  }
  if (data.items.length === 0) {
    return (
      <Stack align="center" gap={6} py="xl" data-testid="resources-empty">
        <IconFileSearch size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>{t('layout.demoContent.emptyTitle')}</Text>
        <Text c="dimmed" fz="sm">
          {t('layout.demoContent.emptyHint')}
        </Text>
      </Stack>
    );
  }

  const pageCount = Math.ceil(data.total / data.pageSize);
  return (
    <Stack gap="lg">
      <VisuallyHidden>
        <Title order={2}>{t('resources.results')}</Title>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, lg: 2, xl: 3 }} spacing="md" data-testid="results">
        <DeferredResultCards items={data.items} typeFacet={data.facets.type} onOpen={onOpen} />
      </SimpleGrid>
      {pageCount > 1 && (
        // Below the cards: drawn a task after the first ones, then kept (it stays put while pages change).
        <DeferredRender tasks={1}>
          <Center>
            <Pagination
              total={pageCount}
              value={data.page}
              onChange={onPage}
              aria-label={t('resources.pagination')}
              getControlProps={(control) => ({ 'aria-label': t(control === 'previous' ? 'resources.previousPage' : 'resources.nextPage') })}
            />
          </Center>
        </DeferredRender>
      )}
    </Stack>
  );
});
