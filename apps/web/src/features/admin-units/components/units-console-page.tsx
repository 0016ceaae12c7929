import { Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { NoticesPanel } from './notices-panel';
import { UnitImportForm } from './unit-import-form';
import { UnitsTable } from './units-table';

/** "Units" of the console (publishers and admins): the installed base, its CSV import and the notices. */
export function UnitsConsolePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('adminUnits.title')} description={t('adminUnits.description')}>
      <UnitsTable />
      <Divider />
      <UnitImportForm />
      <Divider />
      <NoticesPanel />
    </PageFrame>
  );
}
