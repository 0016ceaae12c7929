import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSummary } from '@portal/contracts/units';
import { formatDay } from '../../../lib/download/format';
import { adminUnitsQueryOptions } from '../api/admin-units-api';
import { EditUnitModal } from './edit-unit-modal';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { ConsoleTable } from '../../../components/ui/console-table';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { HandoverExportMenu } from '../../../components/handover-export/handover-export-menu';

const pageSize = 25;

/** Every unit, searched and paged on the server, each with an edit button and its export (VDI 2770, AASX). */
export function UnitsTable() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search, 300);
  const units = useQuery(adminUnitsQueryOptions({ q, page, pageSize }));
  const pager = useTablePager({ rangeKey: 'adminUnits.range', total: units.data?.total ?? 0, pageSize, page, onPageChange: setPage });
  const [editing, setEditing] = useState<UnitSummary | null>(null);

  const columns: DataTableColumn<UnitSummary>[] = [
    { accessor: 'serialNumber', title: t('adminUnits.columns.serial'), noWrap: true },
    { accessor: 'model', title: t('adminUnits.columns.model'), render: (unit) => `${unit.model.name} (${unit.model.code})` },
    { accessor: 'options', title: t('adminUnits.columns.options'), render: (unit) => unit.options.map((option) => option.label).join(', ') },
    { accessor: 'account', title: t('adminUnits.columns.account') },
    { accessor: 'servicePartners', title: t('adminUnits.columns.partners'), render: (unit) => unit.servicePartners.join(', ') },
    { accessor: 'siteName', title: t('adminUnits.columns.site') },
    { accessor: 'shippedAt', title: t('adminUnits.columns.shippedAt'), noWrap: true, render: (unit) => formatDay(unit.shippedAt.slice(0, 10), i18n.language) },
    {
      accessor: 'openNotices',
      title: t('adminUnits.columns.notices'),
      render: (unit) => unit.openNotices > 0 && <Badge color="red" variant="light">{unit.openNotices}</Badge>,
    },
    {
      accessor: 'actions',
      title: t('adminUnits.columns.actions'),
      textAlign: 'right',
      render: (unit) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <RowActionButton leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setEditing(unit)} label={t('adminUnits.editOne', { serial: unit.serialNumber })}>
            {t('adminUnits.edit.button')}
          </RowActionButton>
          <HandoverExportMenu serial={unit.serialNumber} label={t('adminUnits.exportOne', { serial: unit.serialNumber })} iconOnly />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <EditUnitModal
        unit={editing}
        onClose={() => setEditing(null)}
        onSaved={(unit) => notifications.show({ color: 'green', message: t('adminUnits.edit.saved', { serial: unit.serialNumber }) })}
      />
      <Group>
        <TextInput
          label={t('adminUnits.search')}
          placeholder={t('adminUnits.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
      </Group>
      <ConsoleTable<UnitSummary>
        idAccessor="serialNumber"
        columns={columns}
        {...listQueryRows(units, { empty: t('adminUnits.empty'), failed: t('adminUnits.errors.loadFailed') })}
        {...pager}
      />
      <Text fz="xs" c="dimmed">{t('adminUnits.auditHint')}</Text>
    </Stack>
  );
}
