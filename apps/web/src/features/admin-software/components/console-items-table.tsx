import { Alert, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSoftwareItem } from '@portal/contracts/admin-software';
import { ConsoleTable } from '../../../components/ui/console-table';
import { formatDay } from '../../../lib/download/format';
import { AudienceBadge } from './audience-badge';
import { ExpandButton } from './expand-button';
import { VersionsPanel } from './versions-panel';
import { RowActionButton } from '../../../components/ui/row-action-button';

/** A row of a console table: a software item or a partner library. */
type ConsoleItem = { id: string; name: string } & Pick<AdminSoftwareItem, 'audience' | 'access'>;

interface ConsoleItemsTableProps<Item extends ConsoleItem> {
  records: Item[];
  /** The query the records come from: loading, or failed. */
  status: { isPending: boolean; isError: boolean };
  text: { label: string; name: string; empty: string; loadFailed: string; newVersion: string; newVersionFor: (name: string) => string };
  /** The columns between the name and the audience. */
  columns: DataTableColumn<Item>[];
  /** The newest version's number and release date, if any. */
  latest: (item: Item) => { version: string; releaseDate: string } | undefined;
  onNewVersion: (item: Item) => void;
  /** The row whose versions the panel under the table shows. */
  shownId: string | null;
  onShow: (id: string | null) => void;
  versions: (shown: Item) => ReactNode;
}

/** A console table of software items or libraries: name, audience, latest version, "New version", and the chosen row's versions. */
export function ConsoleItemsTable<Item extends ConsoleItem>({ records, status, text, columns, latest, onNewVersion, shownId, onShow, versions }: ConsoleItemsTableProps<Item>) {
  const { t, i18n } = useTranslation();
  const shown = records.find((item) => item.id === shownId);

  const allColumns: DataTableColumn<Item>[] = [
    {
      accessor: 'name',
      title: text.name,
      render: (item) => {
        const open = shownId === item.id;
        return (
          <ExpandButton controls="versions-panel" expanded={open} onToggle={() => onShow(open ? null : item.id)} label={t(open ? 'adminSoftware.software.hideVersions' : 'adminSoftware.software.showVersions', { name: item.name })}>
            {item.name}
          </ExpandButton>
        );
      },
    },
    ...columns,
    { accessor: 'audience', title: t('adminSoftware.columns.audience'), render: (item) => <AudienceBadge audience={item.audience} access={item.access} /> },
    {
      accessor: 'versions',
      title: t('adminSoftware.columns.latest'),
      render: (item) => {
        const newest = latest(item);
        return newest ? `${newest.version} · ${formatDay(newest.releaseDate, i18n.language)}` : <Text span c="dimmed">{t('adminSoftware.software.noVersionsShort')}</Text>;
      },
    },
    {
      accessor: 'actions',
      title: t('adminSoftware.columns.actions'),
      textAlign: 'right',
      render: (item) => (
        <RowActionButton leftSection={<IconUpload size={14} aria-hidden />} onClick={() => onNewVersion(item)} label={text.newVersionFor(item.name)}>
          {text.newVersion}
        </RowActionButton>
      ),
    },
  ];

  return (
    <>
      {status.isError && (
        <Alert color="red" role="alert">
          {text.loadFailed}
        </Alert>
      )}
      <ConsoleTable<Item> minHeight={160} records={records} columns={allColumns} fetching={status.isPending} noRecordsText={text.empty} aria-label={text.label} />
      {shown && (
        <VersionsPanel id="versions-panel" title={t('adminSoftware.software.versionsOf', { name: shown.name })} onClose={() => onShow(null)}>
          {versions(shown)}
        </VersionsPanel>
      )}
    </>
  );
}
