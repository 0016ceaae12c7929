import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { formatDay } from '../../../lib/download/format';
import { VersionFilesCell, VersionsTable } from './versions-table';

/** The releases of one partner library, newest first, with their notes and files. */
export function LibraryVersions({ library }: { library: AdminCadLibrary }) {
  const { t, i18n } = useTranslation();
  return (
    <VersionsTable
      count={library.versions.length}
      emptyText={t('adminSoftware.cad.noVersions')}
      label={t('adminSoftware.software.versionsOf', { name: library.name })}
      minWidth={480}
      headers={[t('adminSoftware.columns.version'), t('adminSoftware.columns.releaseDate'), t('adminSoftware.columns.files'), t('adminSoftware.fields.notes')]}
      testId="library-versions"
    >
      {library.versions.map((version) => (
        <Table.Tr key={version.id} data-testid="library-version">
          <Table.Td fw={600}>{version.version}</Table.Td>
          <Table.Td>{formatDay(version.releaseDate, i18n.language)}</Table.Td>
          <VersionFilesCell files={version.files} totalSize={version.totalSize} />
          <Table.Td>
            <Text fz="sm" lineClamp={2}>
              {version.notes}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </VersionsTable>
  );
}
