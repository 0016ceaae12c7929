import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import { PageFrame } from '../../../components/layouts/page-frame';
import { adminSoftwareQueryOptions } from '../api/admin-software-api';
import { useShownVersions } from '../hooks/use-shown-versions';
import { fromSmall } from '../utils/table-media';
import { ConsoleItemsTable } from './console-items-table';
import { NewSoftwareItemModal } from './new-software-item-modal';
import { NewSoftwareVersionModal } from './new-software-version-modal';
import { SoftwareVersions } from './software-versions';

/** "Software" of the console: every software item with its versions, new items and new versions. */
export function SoftwareConsolePage() {
  const { t } = useTranslation();
  const software = useQuery(adminSoftwareQueryOptions());
  const { shownId, setShownId, versionOf, setVersionOf, versionDone } = useShownVersions<AdminSoftwareItem>();
  const [creating, setCreating] = useState(false);

  return (
    <PageFrame title={t('adminSoftware.software.title')} description={t('adminSoftware.software.description')}>
      <Stack gap="sm">
        <Group justify="end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('adminSoftware.newItem.button')}
          </Button>
        </Group>
        <ConsoleItemsTable<AdminSoftwareItem>
          records={software.data?.items ?? []}
          status={software}
          text={{
            label: t('adminSoftware.software.title'),
            name: t('adminSoftware.columns.name'),
            empty: t('adminSoftware.software.empty'),
            loadFailed: t('adminSoftware.errors.loadSoftware'),
            newVersion: t('adminSoftware.newVersion.button'),
            newVersionFor: (name) => t('adminSoftware.newVersion.buttonFor', { name }),
          }}
          columns={[
            { accessor: 'equipmentName', title: t('adminSoftware.columns.equipmentName'), noWrap: true, visibleMediaQuery: fromSmall },
            { accessor: 'category', title: t('adminSoftware.columns.category'), visibleMediaQuery: fromSmall, render: (item) => t(`software.categories.${item.category}`, { defaultValue: item.category }) },
          ]}
          latest={(item) => item.versions[0] && { version: item.versions[0].versionNumber, releaseDate: item.versions[0].releaseDate }}
          onNewVersion={setVersionOf}
          shownId={shownId}
          onShow={setShownId}
          versions={(shown) => <SoftwareVersions item={shown} />}
        />
      </Stack>
      <NewSoftwareItemModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(item) => {
          notifications.show({ color: 'green', message: t('adminSoftware.newItem.created', { name: item.name }) });
          setVersionOf(item);
        }}
      />
      <NewSoftwareVersionModal item={versionOf} onClose={() => setVersionOf(null)} onDone={versionDone} />
    </PageFrame>
  );
}
