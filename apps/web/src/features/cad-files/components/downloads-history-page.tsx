import { Center, Group, Pagination, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadKinds, type DownloadKind } from '@portal/contracts/download-kinds';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { cadCatalogueQueryOptions } from '../api/get-cad-catalogue';
import { downloadHistoryQueryOptions } from '../api/get-download-history';
import { useHistoryState } from '../hooks/use-history-state';
import { historyItemPath } from '../utils/history-link';
import { CadSection } from './cad-section';
import { HistoryRow } from './history/history-row';

export const historyPageSize = 20;
const allKinds = 'all';

/** Download history tab: every download of the user (documents, software, CAD), newest first, with re-download. */
export function DownloadsHistoryPage() {
  const { t } = useTranslation();
  const [state, update] = useHistoryState();
  const history = useQuery(downloadHistoryQueryOptions({ ...state, pageSize: historyPageSize }));
  // Only to tell robot models from partner libraries in the links; the list shows without it.
  const catalogue = useQuery(cadCatalogueQueryOptions());
  const data = history.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  const body = () => {
    if (history.isError && !data) return <ErrorState title={t('cadFiles.historyLoadError')} onRetry={() => void history.refetch()} />;
    if (!data) return <LoadingState />;
    if (data.items.length === 0) return <EmptyState title={t('cadFiles.historyEmpty')} hint={t('cadFiles.historyEmptyHint')} />;
    return (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="history-table" aria-busy={history.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cadFiles.downloadedAt')}</Table.Th>
              <Table.Th>{t('cadFiles.item')}</Table.Th>
              <Table.Th>{t('cadFiles.version')}</Table.Th>
              <Table.Th>{t('downloads.file')}</Table.Th>
              <Table.Th w={72}>
                <VisuallyHidden>{t('cadFiles.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <HistoryRow key={item.id} item={item} path={historyItemPath(item, catalogue.data)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <CadSection title={t('cadFiles.downloadsHistory')} description={t('cadFiles.downloadsHistoryDescription')}>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          value={state.kind ?? allKinds}
          onChange={(value) => update({ kind: value === allKinds ? null : (value as DownloadKind) })}
          data={[{ value: allKinds, label: t('cadFiles.allKinds') }, ...downloadKinds.map((kind) => ({ value: kind, label: t(`cadFiles.kinds.${kind}`) }))]}
          aria-label={t('cadFiles.kindFilter')}
          data-testid="history-kind"
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {data ? t('cadFiles.historyCount', { count: data.total }) : '\u00a0'}
        </Text>
      </Group>
      <Stack gap="md">
        {body()}
        {pageCount > 1 && (
          <Center>
            <Pagination total={pageCount} value={state.page} onChange={(page) => update({ page })} aria-label={t('cadFiles.historyPages')} />
          </Center>
        )}
      </Stack>
    </CadSection>
  );
}
