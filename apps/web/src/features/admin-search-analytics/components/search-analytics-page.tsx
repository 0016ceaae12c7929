import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchAnalyticsExportTable, SearchAnalyticsSummary } from '@portal/contracts/search-analytics';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ApiError } from '../../../lib/api-client/api-error';
import {
  defaultSearchAnalyticsFilters,
  downloadSearchAnalyticsCsv,
  noResultsQueryOptions,
  summaryQueryOptions,
  topQueryOptions,
  type SearchAnalyticsFilters,
} from '../api/search-analytics-api';
import { SearchAnalyticsFiltersForm } from './search-analytics-filters';
import { useFormats } from './formats';
import { QueryDetailModal } from './query-detail-modal';

/** One figure of the dashboard: its name, its value, and what it is made of. */
function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={600}>
        {value}
      </Text>
      {detail && (
        <Text fz="xs" c="dimmed" component="div">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ summary }: { summary: SearchAnalyticsSummary }) {
  const { t } = useTranslation();
  const { count, percent, decimal } = useFormats();
  const reasons = summary.noResultRates;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Figure label={t('searchAnalytics.figures.searches')} value={count(summary.searches)} />
      <Figure label={t('searchAnalytics.figures.users')} value={count(summary.users)} />
      <Figure
        label={t('searchAnalytics.figures.noResultRate')}
        value={percent(summary.noResultRate)}
        detail={
          <>
            <div>{t('searchAnalytics.reasons.nothingExists')}: {percent(reasons.nothingExists)}</div>
            <div>{t('searchAnalytics.reasons.hiddenByAccess')}: {percent(reasons.hiddenByAccess)}</div>
            <div>{t('searchAnalytics.reasons.otherLanguage')}: {percent(reasons.otherLanguage)}</div>
          </>
        }
      />
      <Figure label={t('searchAnalytics.figures.clickThroughRate')} value={percent(summary.clickThroughRate)} />
      <Figure label={t('searchAnalytics.figures.averageClickPosition')} value={decimal(summary.averageClickPosition)} />
      <Figure label={t('searchAnalytics.figures.bounceRate')} value={percent(summary.bounceRate)} />
      <Figure label={t('searchAnalytics.figures.conversionRate')} value={percent(summary.conversionRate)} />
      <Figure label={t('searchAnalytics.figures.downloadConversionRate')} value={percent(summary.downloadConversionRate)} />
    </SimpleGrid>
  );
}

/** A table's heading with its CSV export. */
function TableHeading({ title, table, filters }: { title: string; table: SearchAnalyticsExportTable; filters: SearchAnalyticsFilters }) {
  const { t } = useTranslation();
  const exportCsv = useMutation({ mutationFn: (shown: Parameters<typeof downloadSearchAnalyticsCsv>) => downloadSearchAnalyticsCsv(...shown) });
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate([table, filters])}
          aria-label={t('searchAnalytics.exportTable', { table: title })}
        >
          {t('searchAnalytics.exportCsv')}
        </Button>
      </Group>
      {exportCsv.isError && <Alert color="red">{t('searchAnalytics.exportError')}</Alert>}
    </Stack>
  );
}

/** The query as a button that opens its detail. */
function QueryButton({ query, onOpen }: { query: string; onOpen: (query: string) => void }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" fz="sm" onClick={() => onOpen(query)} aria-label={t('searchAnalytics.openQuery', { query })} style={{ wordBreak: 'break-word', textAlign: 'start' }}>
      {query}
    </Anchor>
  );
}

function Th({ children, end }: { children: ReactNode; end?: boolean }) {
  return (
    <Table.Th scope="col" ta={end ? 'end' : undefined}>
      {children}
    </Table.Th>
  );
}

/** The console's search analytics (admins and publishers): what readers search for, find, open, and do not find, and why. */
export function SearchAnalyticsPage() {
  const { t } = useTranslation();
  const { count, percent, decimal, dateTime } = useFormats();
  const [filters, setFilters] = useState<SearchAnalyticsFilters>(() => defaultSearchAnalyticsFilters());
  const [openQuery, setOpenQuery] = useState<string | null>(null);
  const summary = useQuery(summaryQueryOptions(filters));
  const top = useQuery(topQueryOptions(filters));
  const noResults = useQuery(noResultsQueryOptions(filters));
  const forbidden = summary.error instanceof ApiError && summary.error.status === 403;
  const failed = [summary, top, noResults].find((query) => query.isError && !forbidden);
  const empty = <Text c="dimmed">{t('searchAnalytics.empty')}</Text>;

  return (
    <PageFrame title={t('searchAnalytics.title')} description={t('searchAnalytics.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('searchAnalytics.notAllowed')}
        </Alert>
      ) : (
        <Stack gap="lg">
          <SearchAnalyticsFiltersForm value={filters} onApply={setFilters} />
          {failed && (
            <Alert color="red" variant="light" title={t('searchAnalytics.loadError')}>
              {failed.error instanceof ApiError ? failed.error.serverMessage : null}
            </Alert>
          )}
          {summary.data && <Figures summary={summary.data} />}

          <Stack gap="xs">
            <TableHeading title={t('searchAnalytics.top.title')} table="top" filters={filters} />
            {top.data &&
              (top.data.top.length === 0 ? (
                empty
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped captionSide="top">
                    <Table.Caption>{t('searchAnalytics.top.caption', { from: top.data.from, to: top.data.to })}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Th>{t('searchAnalytics.columns.query')}</Th>
                        <Th end>{t('searchAnalytics.columns.searches')}</Th>
                        <Th end>{t('searchAnalytics.columns.users')}</Th>
                        <Th end>{t('searchAnalytics.columns.noResults')}</Th>
                        <Th end>{t('searchAnalytics.columns.clickThroughRate')}</Th>
                        <Th end>{t('searchAnalytics.columns.averageClickPosition')}</Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {top.data.top.map((row) => (
                        <Table.Tr key={row.query}>
                          <Table.Th scope="row" fw="normal">
                            <QueryButton query={row.query} onOpen={setOpenQuery} />
                          </Table.Th>
                          <Table.Td ta="end">{count(row.searches)}</Table.Td>
                          <Table.Td ta="end">{count(row.users)}</Table.Td>
                          <Table.Td ta="end">{count(row.noResults)}</Table.Td>
                          <Table.Td ta="end">{percent(row.clickThroughRate)}</Table.Td>
                          <Table.Td ta="end">{decimal(row.averageClickPosition)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ))}
          </Stack>

          <Stack gap="xs">
            <TableHeading title={t('searchAnalytics.rising.title')} table="rising" filters={filters} />
            {top.data &&
              (top.data.rising.length === 0 ? (
                empty
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table striped captionSide="top">
                    <Table.Caption>{t('searchAnalytics.rising.caption')}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Th>{t('searchAnalytics.columns.query')}</Th>
                        <Th end>{t('searchAnalytics.columns.searches')}</Th>
                        <Th end>{t('searchAnalytics.columns.previousSearches')}</Th>
                        <Th end>{t('searchAnalytics.columns.growth')}</Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {top.data.rising.map((row) => (
                        <Table.Tr key={row.query}>
                          <Table.Th scope="row" fw="normal">
                            <QueryButton query={row.query} onOpen={setOpenQuery} />
                          </Table.Th>
                          <Table.Td ta="end">{count(row.searches)}</Table.Td>
                          <Table.Td ta="end">{count(row.previousSearches)}</Table.Td>
                          <Table.Td ta="end">+{count(row.growth)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ))}
          </Stack>

          <Stack gap="xs">
            <TableHeading title={t('searchAnalytics.noResults.title')} table="no-results" filters={filters} />
            {noResults.data &&
              (noResults.data.items.length === 0 ? (
                empty
              ) : (
                <Table.ScrollContainer minWidth={820}>
                  <Table striped captionSide="top">
                    <Table.Caption>{t('searchAnalytics.noResults.caption')}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Th>{t('searchAnalytics.columns.query')}</Th>
                        <Th end>{t('searchAnalytics.columns.searches')}</Th>
                        <Th end>{t('searchAnalytics.columns.users')}</Th>
                        <Th end>{t('searchAnalytics.reasons.nothingExists')}</Th>
                        <Th end>{t('searchAnalytics.reasons.hiddenByAccess')}</Th>
                        <Th end>{t('searchAnalytics.reasons.otherLanguage')}</Th>
                        <Th>{t('searchAnalytics.columns.lastFacets')}</Th>
                        <Th>{t('searchAnalytics.columns.lastSearchedAt')}</Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {noResults.data.items.map((row) => {
                        const facets = [...row.lastFacets.type, ...row.lastFacets.product, ...row.lastFacets.language];
                        return (
                          <Table.Tr key={row.query}>
                            <Table.Th scope="row" fw="normal">
                              <QueryButton query={row.query} onOpen={setOpenQuery} />
                            </Table.Th>
                            <Table.Td ta="end">{count(row.searches)}</Table.Td>
                            <Table.Td ta="end">{count(row.users)}</Table.Td>
                            <Table.Td ta="end">{count(row.reasons.nothingExists)}</Table.Td>
                            <Table.Td ta="end">{count(row.reasons.hiddenByAccess)}</Table.Td>
                            <Table.Td ta="end">{count(row.reasons.otherLanguage)}</Table.Td>
                            <Table.Td>{facets.length === 0 ? t('searchAnalytics.noFacets') : facets.join(', ')}</Table.Td>
                            <Table.Td>{dateTime(row.lastSearchedAt)}</Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ))}
          </Stack>
          {openQuery !== null && <QueryDetailModal query={openQuery} filters={filters} onClose={() => setOpenQuery(null)} />}
        </Stack>
      )}
    </PageFrame>
  );
}
