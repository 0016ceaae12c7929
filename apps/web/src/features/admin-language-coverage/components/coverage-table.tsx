import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoverageCell, CoverageRow } from '@portal/contracts/language-coverage';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { useContentLabel } from '../../../lib/i18n/content-labels';
import { languageName } from '../../../lib/i18n/language-name';

const statusColors: Record<CoverageCell['status'], string> = { current: 'green', behind: 'orange', missing: 'red' };

/** One language's standing as a badge in words: "Current", "Behind by 2", "Missing". */
export function CoverageBadge({ cell }: { cell: CoverageCell }) {
  const { t } = useTranslation();
  const text = cell.status === 'behind' ? t('languageCoverage.status.behind', { count: cell.revisionsBehind ?? 1 }) : t(`languageCoverage.status.${cell.status}`);
  return (
    <Badge color={statusColors[cell.status]} variant="light" miw="max-content" data-status={cell.status}>
      {text}
    </Badge>
  );
}

interface CoverageTableProps {
  /** The document type's name, the table's heading. */
  title: string;
  languages: readonly string[];
  rows: readonly CoverageRow[];
}

/** One document type: its products as rows, the languages as columns; scrolls sideways on narrow screens. */
export function CoverageTable({ title, languages, rows }: CoverageTableProps) {
  const { t, i18n } = useTranslation();
  const label = useContentLabel();
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId}>{title}</Title>
      <ScrollTable
        minWidth={180 + languages.length * 130}
        headers={[t('languageCoverage.product'), ...languages.map((language) => languageName(language, i18n.language))]}
        striped
        withTableBorder
        verticalSpacing="xs"
        aria-labelledby={headingId}
      >
        {rows.map((row) => (
          <Table.Tr key={row.product.code}>
            <Table.Th scope="row" fw={500}>
              <Text fz="sm">{label('products', row.product.code, row.product.name)}</Text>
              <Text fz="xs" c="dimmed">{row.product.code}</Text>
            </Table.Th>
            {row.cells.map((cell) => (
              <Table.Td key={cell.language}>
                <CoverageBadge cell={cell} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}
