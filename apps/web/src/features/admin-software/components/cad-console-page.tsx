import { Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminCadLibrary } from '@portal/contracts/admin-software';
import { PageFrame } from '../../../components/layouts/page-frame';
import { adminCadLibrariesQueryOptions } from '../api/admin-software-api';
import { useShownVersions } from '../hooks/use-shown-versions';
import { fromSmall } from '../utils/table-media';
import { CatalogueImportPanel } from './catalogue-import-panel';
import { ConsoleItemsTable } from './console-items-table';
import { LibraryVersions } from './library-versions';
import { NewLibraryVersionModal } from './new-library-version-modal';

/** "CAD" of the console: the partner libraries with their releases, new releases, and the configurator's catalogue. */
export function CadConsolePage() {
  const { t } = useTranslation();
  const libraries = useQuery(adminCadLibrariesQueryOptions());
  const { shownId, setShownId, versionOf, setVersionOf, versionDone } = useShownVersions<AdminCadLibrary>();

  return (
    <PageFrame title={t('adminSoftware.cad.title')} description={t('adminSoftware.cad.description')}>
      <Stack gap="sm">
        <ConsoleItemsTable<AdminCadLibrary>
          records={libraries.data?.libraries ?? []}
          status={libraries}
          text={{
            label: t('adminSoftware.cad.libraries'),
            name: t('adminSoftware.columns.library'),
            empty: t('adminSoftware.cad.empty'),
            loadFailed: t('adminSoftware.errors.loadLibraries'),
            newVersion: t('adminSoftware.newLibraryVersion.button'),
            newVersionFor: (name) => t('adminSoftware.newLibraryVersion.buttonFor', { name }),
          }}
          columns={[
            { accessor: 'cadTool', title: t('adminSoftware.columns.cadTool'), noWrap: true },
            { accessor: 'productCodes', title: t('adminSoftware.columns.products'), visibleMediaQuery: fromSmall, render: (library) => library.productCodes.join(', ') },
          ]}
          latest={(library) => library.versions[0]}
          onNewVersion={setVersionOf}
          shownId={shownId}
          onShow={setShownId}
          versions={(shown) => <LibraryVersions library={shown} />}
        />
      </Stack>
      <Divider />
      <CatalogueImportPanel />
      <NewLibraryVersionModal library={versionOf} onClose={() => setVersionOf(null)} onDone={versionDone} />
    </PageFrame>
  );
}
