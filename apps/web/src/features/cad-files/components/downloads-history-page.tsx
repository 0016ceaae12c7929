import { Center, Group, Pagination, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadKinds, type DownloadKind } from '@portal/contracts/download-kinds';
import { PageFrame } from '../../../components/layouts/page-frame';
import { EmptyState, ErrorState, LoadingState } from '../../../lib/download/load-states';
import { cadCatalogueQueryOptions } from '../api/get-cad-catalogue';
import { downloadHistoryQueryOptions } from '../api/get-download-history';
import { useHistoryState } from '../hooks/use-history-state';
import { CadSection } from './cad-section';
import { HistoryRow } from './history/history-row';
import classes from './history/history-table.module.css';

export const historyPageSize = 20;
const allKinds = 'all';

/** Every download of the user (documents, software, CAD), newest first, filtered by kind, with re-download. */
function DownloadHistory() {
  const { t } = useTranslation();
  const [state, update] = useHistoryState();
  const history = useQuery(downloadHistoryQueryOptions({ ...state, pageSize: historyPageSize }));
  // To tell robot models from partner libraries in the links and to name them; the list shows without it.
  const catalogue = useQuery(cadCatalogueQueryOptions());
  const data = history.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  const body = () => {
    if (history.isError && !data) return <ErrorState title={t('cadFiles.historyLoadError')} onRetry={() => void history.refetch()} />;
    if (!data) return <LoadingState />;
    if (data.items.length === 0) return <EmptyState title={t('cadFiles.historyEmpty')} hint={t('cadFiles.historyEmptyHint')} />;
    return (
      <Table role="table" verticalSpacing="sm" striped highlightOnHover data-testid="history-table" aria-busy={history.isFetching} className={classes.table}>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            <Table.Th role="columnheader">{t('cadFiles.downloadedAt')}</Table.Th>
            <Table.Th role="columnheader">{t('cadFiles.item')}</Table.Th>
            <Table.Th role="columnheader">{t('cadFiles.version')}</Table.Th>
            <Table.Th role="columnheader">{t('downloads.file')}</Table.Th>
            <Table.Th role="columnheader" className={classes.action}>
              <VisuallyHidden>{t('cadFiles.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {data.items.map((item) => (
            <HistoryRow key={item.id} item={item} catalogue={catalogue.data} />
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          value={state.kind ?? allKinds}
          onChange={(value) => update({ kind: value === allKinds ? null : (value as DownloadKind) })}
          data={[{ value: allKinds, label: t('cadFiles.allKinds') }, ...downloadKinds.map((kind) => ({ value: kind, label: t(`cadFiles.kinds.${kind}`) }))]}
          // A labelled group of radios: without the role, a label on its plain container is not allowed.
          role="radiogroup"
          aria-label={t('cadFiles.kindFilter')}
          data-testid="history-kind"
          className={classes.kinds}
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {data ? t('cadFiles.historyCount', { count: data.total }) : '\u00a0'}
        </Text>
      </Group>
      <Stack gap="md">
        {body()}
        {pageCount > 1 && (
          <Center>
            <Pagination total={pageCount} value={state.page} onChange={(page) => update({ page })} aria-label={t('cadFiles.historyPages')} siblings={0} />
          </Center>
        )}
      </Stack>
    </>
  );
}

/** Download history tab of the CAD files page (spec §2: cadFiles/downloadshistory). */
export function DownloadsHistoryPage() {
  const { t } = useTranslation();
  return (
    <CadSection title={t('cadFiles.downloadsHistory')} description={t('cadFiles.downloadsHistoryDescription')}>
      <DownloadHistory />
    </CadSection>
  );
}

/** The same history as a page of its own (/downloads), reached from the user menu and from Software. */
export function MyDownloadsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('cadFiles.downloadsHistory')} description={t('cadFiles.downloadsHistoryDescription')}>
      <DownloadHistory />
    </PageFrame>
  );
}
