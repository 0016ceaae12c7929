import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import { PageFrame } from '../../../components/layouts/page-frame';
import { formatDay } from '../../../lib/download/format';
import { adminSoftwareQueryOptions } from '../api/admin-software-api';
import { fromSmall } from '../utils/table-media';
import { AudienceBadge } from './audience-badge';
import { ExpandButton } from './expand-button';
import { NewSoftwareItemModal } from './new-software-item-modal';
import { NewSoftwareVersionModal } from './new-software-version-modal';
import { SoftwareVersions } from './software-versions';
import { VersionsPanel } from './versions-panel';

/** "Software" of the console: every software item with its versions, new items and new versions. */
export function SoftwareConsolePage() {
  const { t, i18n } = useTranslation();
  const software = useQuery(adminSoftwareQueryOptions());
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = software.data?.items.find((item) => item.id === shownId);
  const [creating, setCreating] = useState(false);
  const [versionOf, setVersionOf] = useState<AdminSoftwareItem | null>(null);

  const columns: DataTableColumn<AdminSoftwareItem>[] = [
    {
      accessor: 'name',
      title: t('adminSoftware.columns.name'),
      render: (item) => {
        const open = shownId === item.id;
        return (
          <ExpandButton controls="versions-panel" expanded={open} onToggle={() => setShownId(open ? null : item.id)} label={t(open ? 'adminSoftware.software.hideVersions' : 'adminSoftware.software.showVersions', { name: item.name })}>
            {item.name}
          </ExpandButton>
        );
      },
    },
    { accessor: 'equipmentName', title: t('adminSoftware.columns.equipmentName'), noWrap: true, visibleMediaQuery: fromSmall },
    { accessor: 'category', title: t('adminSoftware.columns.category'), visibleMediaQuery: fromSmall, render: (item) => t(`software.categories.${item.category}`, { defaultValue: item.category }) },
    { accessor: 'audience', title: t('adminSoftware.columns.audience'), render: (item) => <AudienceBadge audience={item.audience} access={item.access} /> },
    {
      accessor: 'versions',
      title: t('adminSoftware.columns.latest'),
      render: (item) => {
        const latest = item.versions[0];
        return latest ? `${latest.versionNumber} · ${formatDay(latest.releaseDate, i18n.language)}` : <Text span c="dimmed">{t('adminSoftware.software.noVersionsShort')}</Text>;
      },
    },
    {
      accessor: 'actions',
      title: t('adminSoftware.columns.actions'),
      textAlign: 'right',
      render: (item) => (
        <Button size="compact-sm" variant="light" leftSection={<IconUpload size={14} aria-hidden />} onClick={() => setVersionOf(item)} aria-label={t('adminSoftware.newVersion.buttonFor', { name: item.name })}>
          {t('adminSoftware.newVersion.button')}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title={t('adminSoftware.software.title')} description={t('adminSoftware.software.description')}>
      <Stack gap="sm">
        <Group justify="end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('adminSoftware.newItem.button')}
          </Button>
        </Group>
        {software.isError && (
          <Alert color="red" role="alert">
            {t('adminSoftware.errors.loadSoftware')}
          </Alert>
        )}
        <DataTable<AdminSoftwareItem>
          withTableBorder
          borderRadius="md"
          minHeight={160}
          records={software.data?.items ?? []}
          columns={columns}
          fetching={software.isPending}
          noRecordsText={t('adminSoftware.software.empty')}
          aria-label={t('adminSoftware.software.title')}
        />
        {shown && (
          <VersionsPanel id="versions-panel" title={t('adminSoftware.software.versionsOf', { name: shown.name })} onClose={() => setShownId(null)}>
            <SoftwareVersions item={shown} />
          </VersionsPanel>
        )}
      </Stack>
      <NewSoftwareItemModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(item) => {
          notifications.show({ color: 'green', message: t('adminSoftware.newItem.created', { name: item.name }) });
          setVersionOf(item);
        }}
      />
      <NewSoftwareVersionModal
        item={versionOf}
        onClose={() => setVersionOf(null)}
        onDone={(item, version) => {
          notifications.show({ color: 'green', message: t('adminSoftware.newVersion.done', { name: item.name, version }) });
          setShownId(item.id);
        }}
      />
    </PageFrame>
  );
}
