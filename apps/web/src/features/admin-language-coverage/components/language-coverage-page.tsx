import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoverageRow, LanguageCoverage } from '@portal/contracts/language-coverage';
import { PageFrame } from '../../../components/layouts/page-frame';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { FileDownloadButton } from '../../../lib/download/file-download-button';
import { useContentLabel } from '../../../lib/i18n/content-labels';
import { languageName } from '../../../lib/i18n/language-name';
import { coverageProductsQueryOptions, languageCoverageCsvBlob, languageCoverageQueryOptions } from '../api/language-coverage-api';
import { useLanguageCoverageFilter } from '../hooks/use-language-coverage-filter';
import { CoverageTable } from './coverage-table';

/** The select's value for "no filter" (Mantine's Select takes strings only). */
const all = '*';

/** The rows grouped by document type (types by their name in the interface language, products in the report's order). */
function byDocumentType(rows: readonly CoverageRow[], typeName: (type: CoverageRow['documentType']) => string, locale: string) {
  const groups = new Map<string, { code: string; name: string; rows: CoverageRow[] }>();
  for (const row of rows) {
    const { code } = row.documentType;
    const group = groups.get(code) ?? groups.set(code, { code, name: typeName(row.documentType), rows: [] }).get(code)!;
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** How many cells of the report are current, behind and missing. */
function totals(coverage: LanguageCoverage) {
  const counts = { current: 0, behind: 0, missing: 0 };
  for (const row of coverage.rows) for (const cell of row.cells) counts[cell.status] += 1;
  return counts;
}

/**
 * /admin/language-coverage: per document type, which products have a current document in each language, one behind
 * its source (by how many revisions) or none; filtered by market and product, downloadable as CSV (publishers and admins).
 */
export function LanguageCoveragePage() {
  const { t, i18n } = useTranslation();
  const [filter, update] = useLanguageCoverageFilter();
  const coverage = useQuery(languageCoverageQueryOptions(filter));
  const products = useQuery(coverageProductsQueryOptions());
  const label = useContentLabel();
  const groups = useMemo(
    () => byDocumentType(coverage.data?.rows ?? [], (type) => label('documentTypes', type.code, type.name), i18n.language),
    [coverage.data, label, i18n.language],
  );
  const counts = coverage.data ? totals(coverage.data) : null;

  const marketChoices = (coverage.data?.markets ?? []).map((market) => ({
    value: market.id,
    label: `${market.name} (${market.languages.map((language) => languageName(language, i18n.language)).join(', ')})`,
  }));
  const productChoices = (products.data?.items ?? []).map((product) => ({ value: product.code, label: `${label('products', product.code, product.name)} (${product.code})` }));

  return (
    <PageFrame title={t('languageCoverage.title')} description={t('languageCoverage.description')}>
      <Group align="flex-end" wrap="wrap" gap="md">
        <Select
          label={t('languageCoverage.market')}
          allowDeselect={false}
          value={filter.market ?? all}
          onChange={(value) => update({ market: !value || value === all ? null : value })}
          data={[{ value: all, label: t('languageCoverage.allLanguages') }, ...marketChoices]}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          label={t('languageCoverage.productFilter')}
          searchable
          allowDeselect={false}
          value={filter.product ?? all}
          onChange={(value) => update({ product: !value || value === all ? null : value })}
          data={[{ value: all, label: t('languageCoverage.allProducts') }, ...productChoices]}
          nothingFoundMessage={t('languageCoverage.noProductFound')}
          error={products.isError ? t('languageCoverage.errors.productsFailed') : undefined}
          w={{ base: '100%', xs: 280 }}
        />
        <FileDownloadButton
          variant="button"
          label={t('languageCoverage.downloadCsv')}
          testId="language-coverage-csv"
          job={() => ({
            id: 'language-coverage-csv',
            fileName: `language-coverage${filter.market ? `-${filter.market}` : ''}${filter.product ? `-${filter.product}` : ''}.csv`,
            fetchBlob: languageCoverageCsvBlob(filter),
          })}
        />
      </Group>
      {coverage.isError && (
        <Alert color="red" role="alert">
          {refusalText(coverage.error, t('languageCoverage.errors.loadFailed')).join(' ')}
        </Alert>
      )}
      {coverage.isPending && <Loader aria-label={t('languageCoverage.loading')} />}
      {counts && groups.length > 0 && (
        <Text fz="sm" c="dimmed" data-testid="language-coverage-totals" aria-live="polite">
          {t('languageCoverage.totals', { current: counts.current, behind: counts.behind, missing: counts.missing })}
        </Text>
      )}
      {coverage.data && groups.length === 0 && (
        <Alert color="gray" data-testid="language-coverage-empty">
          {filter.product ? t('languageCoverage.emptyForProduct') : t('languageCoverage.empty')}
        </Alert>
      )}
      <Stack gap="xl" aria-busy={coverage.isFetching}>
        {groups.map((group) => (
          <CoverageTable key={group.code} title={group.name} languages={coverage.data?.languages ?? []} rows={group.rows} />
        ))}
      </Stack>
    </PageFrame>
  );
}
