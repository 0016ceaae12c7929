import { Center, Pagination, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SoftwareListResponse } from '@portal/contracts/software';
import { useDemoContentPreparing } from '../../../lib/demo-content/demo-content-store';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { SoftwareCard } from './software-card';

interface SoftwareListProps {
  data: SoftwareListResponse | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
}

export function SoftwareList({ data, isPending, isError, onRetry, onPage }: SoftwareListProps) {
  const { t } = useTranslation();
  const demoContentPreparing = useDemoContentPreparing();
  if (isError && !data) return <ErrorState title={t('software.loadError')} onRetry={onRetry} />;
  if (isPending && !data) return <LoadingState />;
  if (!data || data.items.length === 0) {
    if (demoContentPreparing) return <EmptyState title={t('layout.demoContent.emptyTitle')} hint={t('layout.demoContent.emptyHint')} />;
    return <EmptyState title={t('software.noResults')} hint={t('software.noResultsHint')} />;
  }

  const pageCount = Math.ceil(data.total / data.pageSize);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="software-list">
        {data.items.map((item) => (
          <SoftwareCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
      {pageCount > 1 && (
        <Center>
          <Pagination total={pageCount} value={data.page} onChange={onPage} aria-label={t('software.pagination')} />
        </Center>
      )}
    </Stack>
  );
}
