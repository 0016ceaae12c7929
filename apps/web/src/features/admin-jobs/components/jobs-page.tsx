import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { useMe } from '../../../lib/auth/me-query';
import { JobsTable } from './jobs-table';
import { MaintenancePanel } from './maintenance-panel';
import { SearchReindexPanel } from './search-reindex-panel';

/** "Jobs and maintenance" of the console: the background jobs for publishers and admins, the maintenance switch and the re-index of search for admins. */
export function JobsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  return (
    <PageFrame title={t('adminJobs.title')} description={t('adminJobs.description')}>
      {isAdmin ? (
        <>
          <MaintenancePanel />
          <SearchReindexPanel />
        </>
      ) : (
        me.data && (
          <Alert variant="light" color="gray" title={t('adminJobs.maintenance.title')}>
            {t('adminJobs.maintenance.adminOnly')}
          </Alert>
        )
      )}
      <JobsTable />
    </PageFrame>
  );
}
