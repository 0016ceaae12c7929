import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { vdi2770ClassIds, type HandoverType, type Vdi2770ClassId } from '@portal/contracts/handover';
import { PageFrame } from '../../../components/layouts/page-frame';
import { QueryTable } from '../../../components/ui/query-table';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { handoverClassesQueryOptions, useSetHandoverClass } from '../api/handover-api';
import { HandoverImportSection } from './handover-import-section';

const isClassId = (value: string | null): value is Vdi2770ClassId => vdi2770ClassIds.some((classId) => classId === value);

/** /admin/handover: the VDI 2770 class each document type is handed over under (a select per type, saved on change). */
export function HandoverClassesPage() {
  const { t, i18n } = useTranslation();
  const classes = useQuery(handoverClassesQueryOptions());
  const setClass = useSetHandoverClass();
  const german = i18n.language.startsWith('de');
  const options = (classes.data?.classes ?? []).map((entry) => ({ value: entry.classId, label: `${entry.classId} ${german ? entry.nameDe : entry.nameEn}` }));

  const save = (type: HandoverType, classId: string | null) => {
    if (!isClassId(classId) || classId === type.classId) return;
    setClass.mutate(
      { typeCode: type.typeCode, classId },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('adminHandover.saved', { type: type.typeName, classId }) }),
        onError: (error) => notifications.show({ color: 'red', message: refusalText(error, t('adminHandover.errors.saveFailed')).join(' ') }),
      },
    );
  };

  const columns: DataTableColumn<HandoverType>[] = [
    { accessor: 'typeName', title: t('adminHandover.columns.type') },
    { accessor: 'typeCode', title: t('adminHandover.columns.code'), noWrap: true },
    {
      accessor: 'classId',
      title: t('adminHandover.columns.class'),
      render: (type) => (
        <Select
          data={options}
          value={type.classId}
          placeholder={t('adminHandover.none')}
          aria-label={t('adminHandover.classOf', { type: type.typeName })}
          allowDeselect={false}
          disabled={setClass.isPending}
          onChange={(value) => save(type, value)}
        />
      ),
    },
  ];

  return (
    <PageFrame title={t('adminHandover.title')} description={t('adminHandover.description')}>
      <QueryTable<HandoverType>
        query={classes}
        idAccessor="typeCode"
        records={classes.data?.types ?? []}
        columns={columns}
        loadFailed={t('adminHandover.errors.loadFailed')}
        empty={t('adminHandover.empty')}
      />
      <HandoverImportSection />
    </PageFrame>
  );
}
