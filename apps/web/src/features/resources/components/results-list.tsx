import { Alert, Button, Center, Loader, Pagination, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconFileSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResponse } from '@portal/contracts/documents';
import { useDemoContentPreparing } from '../../../lib/demo-content/demo-content-store';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { ResultCard } from './result-card';

interface ResultsListProps {
  /** Undefined while the first answer is on its way. */
  data: SearchResponse | undefined;
  isError: boolean;
  onRetry: () => void;
  onOpen: (document: ViewerDocument) => void;
  onPage: (page: number) => void;
}

/** Cards drawn per task: a page of 24 is drawn in four short tasks rather than one long one. */
const cardsPerTask = 6;

/**
 * The result cards (one column, two from 1440 px, three from 1920 px), pagination, and the empty and
 * error states. Memoised: the page re-renders on each key press, the 24 cards only for new results.
 */
export const ResultsList = memo(function ResultsList({ data, isError, onRetry, onOpen, onPage }: ResultsListProps) {
  const { t } = useTranslation();
  const shown = useProgressiveCount(data?.items.length ?? 0, cardsPerTask, data);
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
  if (!data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (data.items.length === 0) {
    return (
      <Stack align="center" gap={6} py="xl" data-testid="resources-empty">
        <IconFileSearch size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>{t(demoContentPreparing ? 'layout.demoContent.emptyTitle' : 'resources.noResults')}</Text>
        <Text c="dimmed" fz="sm">
          {t(demoContentPreparing ? 'layout.demoContent.emptyHint' : 'resources.noResultsHint')}
        </Text>
      </Stack>
    );
  }

  const typeLabels = new Map(data.facets.type.map((facet) => [facet.value, facet.label]));
  const pageCount = Math.ceil(data.total / data.pageSize);
  return (
    <Stack gap="lg">
      <VisuallyHidden>
        <Title order={2}>{t('resources.results')}</Title>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, lg: 2, xl: 3 }} spacing="md" data-testid="results">
        {data.items.slice(0, shown).map((item) => (
          <ResultCard key={item.id} item={item} typeLabel={typeLabels.get(item.typeCode) ?? item.typeCode} onOpen={onOpen} />
        ))}
      </SimpleGrid>
      {pageCount > 1 && (
        <Center>
          <Pagination
            total={pageCount}
            value={data.page}
            onChange={onPage}
            aria-label={t('resources.pagination')}
            getControlProps={(control) => ({ 'aria-label': t(control === 'previous' ? 'resources.previousPage' : 'resources.nextPage') })}
          />
        </Center>
      )}
    </Stack>
  );
});
