import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsPoint, StatisticsTopDocument } from '@portal/contracts/statistics';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ApiError } from '../../../lib/api-client/api-error';
import { defaultStatisticsFilters, downloadStatisticsCsv, statisticsQueryOptions, type StatisticsFilters } from '../api/statistics-api';
import { formatDay, formatPeriod } from '../../../lib/dates';
import { StatisticsChart } from './statistics-chart';
import { StatisticsFiltersForm } from './statistics-filters';

interface CountsRow {
  key: string;
  label: string;
  views: number;
  downloads: number;
}

/** Views and downloads per row (a period, or a document), the row's label as its header cell. */
function CountsTable({ rows, caption, firstColumn, minWidth, scrollHeight }: { rows: CountsRow[]; caption: string; firstColumn: string; minWidth: number; scrollHeight?: number }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={scrollHeight}>
      <Table striped stickyHeader={scrollHeight !== undefined} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{firstColumn}</Table.Th>
            <Table.Th scope="col" ta="end">{t('adminStatistics.columns.views')}</Table.Th>
            <Table.Th scope="col" ta="end">{t('adminStatistics.columns.downloads')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw="normal">{row.label}</Table.Th>
              <Table.Td ta="end">{number.format(row.views)}</Table.Td>
              <Table.Td ta="end">{number.format(row.downloads)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SeriesTable({ series, caption }: { series: StatisticsPoint[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const rows = series.map((point) => ({ key: point.period, label: formatPeriod(point.period, i18n.language), views: point.views, downloads: point.downloads }));
  return <CountsTable rows={rows} caption={caption} firstColumn={t('adminStatistics.columns.period')} minWidth={320} scrollHeight={320} />;
}

function TopDocumentsTable({ documents, filtered }: { documents: StatisticsTopDocument[]; filtered: boolean }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <Text>{filtered ? t('adminStatistics.emptyFiltered') : t('adminStatistics.emptyRange')}</Text>;
  const rows = documents.map((document) => ({ key: document.id, label: document.title, views: document.views, downloads: document.downloads }));
  return <CountsTable rows={rows} caption={t('adminStatistics.topCaption')} firstColumn={t('adminStatistics.columns.document')} minWidth={420} />;
}

/** The console's statistics (admins and publishers): document views and downloads over time, the top documents, CSV export. */
export function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const [filters, setFilters] = useState<StatisticsFilters>(() => defaultStatisticsFilters());
  const statistics = useQuery(statisticsQueryOptions(filters));
  const exportCsv = useMutation({ mutationFn: downloadStatisticsCsv });
  const forbidden = statistics.error instanceof ApiError && statistics.error.status === 403;
  const data = statistics.data;
  const filtered = filters.product !== '' || filters.account !== '';
  const nothing = data !== undefined && data.totals.views + data.totals.downloads === 0;
  const caption = t('adminStatistics.chartCaption', { from: formatDay(filters.from, i18n.language), to: formatDay(filters.to, i18n.language), per: t(`adminStatistics.per.${filters.groupBy}`) });

  return (
    <PageFrame title={t('adminStatistics.title')} description={t('adminStatistics.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('adminStatistics.notAllowed')}
        </Alert>
      ) : (
        <Stack gap="md">
          <StatisticsFiltersForm value={filters} onApply={setFilters} />
          <Group justify="space-between">
            <Text fz="sm" aria-live="polite">
              {data
                ? t('adminStatistics.totalsLine', {
                    views: t('adminStatistics.viewCount', { count: data.totals.views, value: number.format(data.totals.views) }),
                    downloads: t('adminStatistics.downloadCount', { count: data.totals.downloads, value: number.format(data.totals.downloads) }),
                  })
                : null}
            </Text>
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
              {t('adminStatistics.exportCsv')}
            </Button>
          </Group>
          {exportCsv.isError && <Alert color="red">{t('adminStatistics.exportError')}</Alert>}
          {statistics.isError && (
            <Alert color="red" variant="light" title={t('adminStatistics.loadError')}>
              {statistics.error instanceof ApiError ? statistics.error.serverMessage : null}
            </Alert>
          )}
          {nothing && (
            <Alert color="blue" variant="light" title={t('adminStatistics.nothingTitle')}>
              {filtered ? t('adminStatistics.emptyFiltered') : t('adminStatistics.emptyRange')}
            </Alert>
          )}
          {data && (
            <>
              <Paper withBorder p="md" radius="md" component="figure" m={0}>
                <Text component="figcaption" fw={500} mb="xs">
                  {caption}
                </Text>
                <StatisticsChart series={data.series} />
              </Paper>
              <SeriesTable series={data.series} caption={caption} />
              <Title order={2} fz="h4">
                {t('adminStatistics.topTitle')}
              </Title>
              <TopDocumentsTable documents={data.topDocuments} filtered={filtered} />
            </>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
