import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SearchAnalyticsExportTable } from '@portal/contracts/search-analytics';
import { ApiError } from '../../../lib/api-client/api-error';
import { downloadSearchAnalyticsCsv, queryDetailQueryOptions, type SearchAnalyticsFilters } from '../api/search-analytics-api';
import { useFormats } from './formats';

function ExportButton({ table, query, filters, label }: { table: SearchAnalyticsExportTable; query: string; filters: SearchAnalyticsFilters; label: string }) {
  const { t } = useTranslation();
  const exportCsv = useMutation({ mutationFn: (shown: Parameters<typeof downloadSearchAnalyticsCsv>) => downloadSearchAnalyticsCsv(...shown) });
  return (
    <Stack gap={4}>
      <Button variant="light" size="xs" leftSection={<IconDownload size={14} aria-hidden />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate([table, filters, query])} aria-label={t('searchAnalytics.exportTable', { table: label })}>
        {t('searchAnalytics.exportCsv')}
      </Button>
      {exportCsv.isError && <Alert color="red">{t('searchAnalytics.exportError')}</Alert>}
    </Stack>
  );
}

/** One query's figures, the texts typed for it and what readers opened or downloaded after it. */
export function QueryDetailModal({ query, filters, onClose }: { query: string; filters: SearchAnalyticsFilters; onClose: () => void }) {
  const { t } = useTranslation();
  const { count, percent, decimal } = useFormats();
  const detail = useQuery(queryDetailQueryOptions(query, filters));
  const data = detail.data;
  const variantsTitle = t('searchAnalytics.detail.variants');
  const documentsTitle = t('searchAnalytics.detail.documents');

  return (
    <Modal opened onClose={onClose} size="xl" title={t('searchAnalytics.detail.title', { query })} closeButtonProps={{ 'aria-label': t('searchAnalytics.detail.close') }}>
      {detail.isPending && <Loader size="sm" aria-label={t('searchAnalytics.loading')} />}
      {detail.isError && (
        <Alert color="red" variant="light" title={t('searchAnalytics.loadError')}>
          {detail.error instanceof ApiError ? detail.error.serverMessage : null}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {[
              [t('searchAnalytics.figures.searches'), count(data.searches)],
              [t('searchAnalytics.figures.users'), count(data.users)],
              [t('searchAnalytics.columns.noResults'), count(data.noResults)],
              [t('searchAnalytics.figures.clickThroughRate'), percent(data.clickThroughRate)],
              [t('searchAnalytics.figures.averageClickPosition'), decimal(data.averageClickPosition)],
              [t('searchAnalytics.figures.bounceRate'), percent(data.bounceRate)],
            ].map(([label, value]) => (
              <div key={label}>
                <Text fz="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {data.noResults > 0 && (
            <Text fz="sm">
              {t('searchAnalytics.reasons.nothingExists')}: {count(data.noResultReasons.nothingExists)} · {t('searchAnalytics.reasons.hiddenByAccess')}:{' '}
              {count(data.noResultReasons.hiddenByAccess)} · {t('searchAnalytics.reasons.otherLanguage')}: {count(data.noResultReasons.otherLanguage)}
            </Text>
          )}
          <Group justify="space-between">
            <Title order={3} fz="h5">
              {variantsTitle}
            </Title>
            <ExportButton table="query-variants" query={query} filters={filters} label={variantsTitle} />
          </Group>
          {data.variants.length === 0 ? (
            <Text c="dimmed">{t('searchAnalytics.empty')}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('searchAnalytics.detail.typed')}</Table.Th>
                  <Table.Th scope="col" ta="end">{t('searchAnalytics.columns.searches')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.variants.map((variant) => (
                  <Table.Tr key={variant.text}>
                    <Table.Th scope="row" fw="normal" style={{ wordBreak: 'break-word' }}>
                      {variant.text}
                    </Table.Th>
                    <Table.Td ta="end">{count(variant.searches)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between">
            <Title order={3} fz="h5">
              {documentsTitle}
            </Title>
            <ExportButton table="query-documents" query={query} filters={filters} label={documentsTitle} />
          </Group>
          {data.documents.length === 0 ? (
            <Text c="dimmed">{t('searchAnalytics.detail.nothingOpened')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('searchAnalytics.columns.document')}</Table.Th>
                    <Table.Th scope="col" ta="end">{t('searchAnalytics.columns.opens')}</Table.Th>
                    <Table.Th scope="col" ta="end">{t('searchAnalytics.columns.downloads')}</Table.Th>
                    <Table.Th scope="col" ta="end">{t('searchAnalytics.columns.averageClickPosition')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.documents.map((document) => (
                    <Table.Tr key={document.documentId}>
                      <Table.Th scope="row" fw="normal">
                        {document.title}
                      </Table.Th>
                      <Table.Td ta="end">{count(document.opens)}</Table.Td>
                      <Table.Td ta="end">{count(document.downloads)}</Table.Td>
                      <Table.Td ta="end">{decimal(document.averagePosition)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
