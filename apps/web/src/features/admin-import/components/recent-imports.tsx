import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { AdminImportSummary } from '@portal/contracts/admin-import';
import { formatDateTime } from '../../../lib/download/format';
import { recentImportsQueryOptions } from '../api/imports-api';
import { ImportBadge } from './import-outcome-badge';
import { SectionPanel } from '../../../components/ui/section-panel';
import { ConsoleTable } from '../../../components/ui/console-table';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { RowActionButton } from '../../../components/ui/row-action-button';

/** The latest imports, whoever sent them: state, progress and the way to their report. */
export function RecentImports({ current, onShow }: { current: string | null; onShow: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const imports = useQuery(recentImportsQueryOptions());
  const columns: DataTableColumn<AdminImportSummary>[] = [
    { accessor: 'createdAt', title: t('adminImport.recent.columns.created'), noWrap: true, render: (item) => formatDateTime(item.createdAt, i18n.language) },
    { accessor: 'source', title: t('adminImport.recent.columns.source'), render: (item) => <Text fz="sm" style={{ wordBreak: 'break-word' }}>{item.source}</Text> },
    { accessor: 'createdBy', title: t('adminImport.recent.columns.by') },
    { accessor: 'status', title: t('adminImport.recent.columns.status'), noWrap: true, render: (item) => <ImportBadge value={item.status} /> },
    {
      accessor: 'progress',
      title: t('adminImport.recent.columns.files'),
      render: (item) => t('adminImport.recent.files', { done: item.progress.done, total: item.progress.total, added: item.counts.added, problems: item.counts.refused + item.counts.failed }),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (item) => (
        <RowActionButton disabled={item.id === current} onClick={() => onShow(item.id)} label={t('adminImport.recent.showLabel', { source: item.source })}>
          {t('adminImport.recent.show')}
        </RowActionButton>
      ),
    },
  ];
  return (
    <SectionPanel headingId="recent-imports-heading" title={t('adminImport.recent.title')} gap="sm">
      <ConsoleTable<AdminImportSummary>
        minHeight={120}
        verticalAlign="top"
        columns={columns}
        {...listQueryRows(imports, { empty: t('adminImport.recent.empty'), failed: t('adminImport.loadFailed') })}
      />
    </SectionPanel>
  );
}
