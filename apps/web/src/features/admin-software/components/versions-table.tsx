import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/download/format';
import { ScrollTable } from '../../../components/ui/scroll-table';

interface VersionsTableProps {
  /** How many versions there are: with none, `emptyText` stands in for the table. */
  count: number;
  emptyText: string;
  label: string;
  minWidth: number;
  headers: readonly string[];
  testId: string;
  /** One `Table.Tr` per version. */
  children: ReactNode;
}

/** The versions of a software item or a partner library, in the panel under the console table. */
export function VersionsTable({ count, emptyText, label, minWidth, headers, testId, children }: VersionsTableProps) {
  if (count === 0) {
    return (
      <Text fz="sm" c="dimmed" p="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={minWidth} padding="xs" verticalSpacing={4} fz="sm" aria-label={label} data-testid={testId} headers={headers}>
      {children}
    </ScrollTable>
  );
}

/** A version's files: how many and their size, with every name in the tooltip. */
export function VersionFilesCell({ files, totalSize }: { files: readonly { fileName: string }[]; totalSize: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.Td title={files.map((file) => file.fileName).join('\n')}>
      {t('adminSoftware.files.summary', { count: files.length, size: formatFileSize(totalSize, i18n.language) })}
    </Table.Td>
  );
}
