import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { PageFrame } from '../../../components/layouts/page-frame';
import { formatDay } from '../../../lib/download/format';
import { adminCadLibrariesQueryOptions } from '../api/admin-software-api';
import { fromSmall } from '../utils/table-media';
import { AudienceBadge } from './audience-badge';
import { CatalogueImportPanel } from './catalogue-import-panel';
import { ExpandButton } from './expand-button';
import { LibraryVersions } from './library-versions';
import { NewLibraryVersionModal } from './new-library-version-modal';
import { VersionsPanel } from './versions-panel';

/** "CAD" of the console: the partner libraries with their releases, new releases, and the configurator's catalogue. */
export function CadConsolePage() {
  const { t, i18n } = useTranslation();
  const libraries = useQuery(adminCadLibrariesQueryOptions());
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = libraries.data?.libraries.find((library) => library.id === shownId);
  const [versionOf, setVersionOf] = useState<AdminCadLibrary | null>(null);

  const columns: DataTableColumn<AdminCadLibrary>[] = [
    {
      accessor: 'name',
      title: t('adminSoftware.columns.library'),
      render: (library) => {
        const open = shownId === library.id;
        return (
          <ExpandButton
            expanded={open}
            onToggle={() => setShownId(open ? null : library.id)}
            controls="versions-panel"
            label={t(open ? 'adminSoftware.software.hideVersions' : 'adminSoftware.software.showVersions', { name: library.name })}
          >
            {library.name}
          </ExpandButton>
        );
      },
    },
    { accessor: 'cadTool', title: t('adminSoftware.columns.cadTool'), noWrap: true },
    { accessor: 'productCodes', title: t('adminSoftware.columns.products'), visibleMediaQuery: fromSmall, render: (library) => library.productCodes.join(', ') },
    { accessor: 'audience', title: t('adminSoftware.columns.audience'), render: (library) => <AudienceBadge audience={library.audience} access={library.access} /> },
    {
      accessor: 'versions',
      title: t('adminSoftware.columns.latest'),
      render: (library) => {
        const latest = library.versions[0];
        return latest ? `${latest.version} · ${formatDay(latest.releaseDate, i18n.language)}` : <Text span c="dimmed">{t('adminSoftware.software.noVersionsShort')}</Text>;
      },
    },
    {
      accessor: 'actions',
      title: t('adminSoftware.columns.actions'),
      textAlign: 'right',
      render: (library) => (
        <Button size="compact-sm" variant="light" leftSection={<IconUpload size={14} aria-hidden />} onClick={() => setVersionOf(library)} aria-label={t('adminSoftware.newLibraryVersion.buttonFor', { name: library.name })}>
          {t('adminSoftware.newLibraryVersion.button')}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title={t('adminSoftware.cad.title')} description={t('adminSoftware.cad.description')}>
      <Stack gap="sm">
        {libraries.isError && (
          <Alert color="red" role="alert">
            {t('adminSoftware.errors.loadLibraries')}
          </Alert>
        )}
        <DataTable<AdminCadLibrary>
          withTableBorder
          borderRadius="md"
          minHeight={160}
          records={libraries.data?.libraries ?? []}
          columns={columns}
          fetching={libraries.isPending}
          noRecordsText={t('adminSoftware.cad.empty')}
          aria-label={t('adminSoftware.cad.libraries')}
        />
        {shown && (
          <VersionsPanel id="versions-panel" title={t('adminSoftware.software.versionsOf', { name: shown.name })} onClose={() => setShownId(null)}>
            <LibraryVersions library={shown} />
          </VersionsPanel>
        )}
      </Stack>
      <Divider />
      <CatalogueImportPanel />
      <NewLibraryVersionModal
        library={versionOf}
        onClose={() => setVersionOf(null)}
        onDone={(library, version) => {
          notifications.show({ color: 'green', message: t('adminSoftware.newVersion.done', { name: library.name, version }) });
          setShownId(library.id);
        }}
      />
    </PageFrame>
  );
}
