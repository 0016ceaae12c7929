import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { formatDay, formatFileSize } from '../../../lib/download/format';

/** The releases of one partner library, newest first, with their notes and files. */
export function LibraryVersions({ library }: { library: AdminCadLibrary }) {
  const { t, i18n } = useTranslation();
  if (library.versions.length === 0) {
    return (
      <Text fz="sm" c="dimmed" p="sm">
        {t('adminSoftware.cad.noVersions')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480} p="xs">
      <Table verticalSpacing={4} fz="sm" aria-label={t('adminSoftware.software.versionsOf', { name: library.name })} data-testid="library-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminSoftware.columns.version')}</Table.Th>
            <Table.Th>{t('adminSoftware.columns.releaseDate')}</Table.Th>
            <Table.Th>{t('adminSoftware.columns.files')}</Table.Th>
            <Table.Th>{t('adminSoftware.fields.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {library.versions.map((version) => (
            <Table.Tr key={version.id} data-testid="library-version">
              <Table.Td fw={600}>{version.version}</Table.Td>
              <Table.Td>{formatDay(version.releaseDate, i18n.language)}</Table.Td>
              <Table.Td title={version.files.map((file) => file.fileName).join('\n')}>
                {t('adminSoftware.files.summary', { count: version.files.length, size: formatFileSize(version.totalSize, i18n.language) })}
              </Table.Td>
              <Table.Td>
                <Text fz="sm" lineClamp={2}>
                  {version.notes}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
