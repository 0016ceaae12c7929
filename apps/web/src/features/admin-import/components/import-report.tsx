import { Alert, Box, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFileResult, ImportReportBody } from '@portal/contracts/admin-import';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { downloadImportReport } from '../api/imports-api';
import { ImportBadge } from './import-outcome-badge';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { ConsoleTable } from '../../../components/ui/console-table';
import { LabelledSegmentedControl } from '../../../components/ui/labelled-segmented-control';

type Outcome = ImportFileResult['outcome'];
// The contract's list would bring zod into the page: the same four, in the report's order.
const outcomes: readonly Outcome[] = ['added', 'skipped', 'refused', 'failed'];
const pageSize = 50;

/** Every file of a finished import and what became of it (filtered by outcome, 50 a page), the folder names ignored, and the CSV. */
export function ImportReport({ id, report }: { id: string; report: ImportReportBody }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const files = outcome ? report.files.filter((file) => file.outcome === outcome) : report.files;
  const pager = useTablePager({ rangeKey: 'adminImport.report.range', total: files.length, pageSize, page, onPageChange: setPage });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadImportReport(id);
    } catch (error) {
      notifications.show({ color: 'red', message: refusalText(error, t('adminImport.report.downloadFailed')).join(' ') });
    } finally {
      setDownloading(false);
    }
  };

  const columns: DataTableColumn<ImportFileResult>[] = [
    { accessor: 'path', title: t('adminImport.report.columns.path'), render: (file) => <Text fz="sm" style={{ wordBreak: 'break-word' }}>{file.path}</Text> },
    { accessor: 'outcome', title: t('adminImport.report.columns.outcome'), noWrap: true, render: (file) => <ImportBadge value={file.outcome} /> },
    { accessor: 'reason', title: t('adminImport.report.columns.reason'), render: (file) => file.reason && <Text fz="sm">{file.reason}</Text> },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3} fz="md">
          {t('adminImport.report.title')}
        </Title>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={downloading} onClick={() => void download()}>
          {t('adminImport.report.csv')}
        </Button>
      </Group>
      {report.created.length > 0 && <Text fz="sm">{t('adminImport.report.created', { codes: report.created.join(', ') })}</Text>}
      {report.ignoredFolders.length > 0 && (
        <div>
          <Text fz="sm" fw={500}>
            {t('adminImport.report.ignoredFolders')}
          </Text>
          <List fz="sm" size="sm">
            {report.ignoredFolders.map(({ folder, files: count }) => (
              <List.Item key={folder}>{t('adminImport.report.ignoredFolder', { folder, count })}</List.Item>
            ))}
          </List>
        </div>
      )}
      {report.notImportable.length > 0 && (
        <Alert color="orange" title={t('adminImport.report.notImportable', { count: report.notImportable.length })}>
          <List fz="sm" size="sm">
            {report.notImportable.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {/* On a phone the five filters scroll sideways on their own instead of widening the page. */}
      <Box maw="100%" style={{ overflowX: 'auto' }}>
        <LabelledSegmentedControl
          labelId="import-outcome-filter"
          label={t('adminImport.report.filter')}
          value={outcome ?? 'all'}
          onChange={(value) => {
            setOutcome(value === 'all' ? null : (value as Outcome));
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('adminImport.report.all', { count: report.files.length }) },
            ...outcomes.map((value) => ({ value, label: `${t(`adminImport.outcomes.${value}`)} (${report.files.filter((file) => file.outcome === value).length})` })),
          ]}
        />
      </Box>
      <ConsoleTable<ImportFileResult>
        minHeight={120}
        verticalAlign="top"
        aria-label={t('adminImport.report.title')}
        idAccessor="path"
        records={files.slice((page - 1) * pageSize, page * pageSize)}
        columns={columns}
        noRecordsText={t('adminImport.report.empty')}
        {...pager}
      />
    </Stack>
  );
}
