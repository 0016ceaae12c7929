import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ImportStatus } from './import-status';
import { ImportUpload } from './import-upload';
import { RecentImports } from './recent-imports';

/** /admin/imports: a zip or a folder imported by the rules of `npm run import`, followed to its report; the latest imports below. */
export function ImportPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | null>(null);
  return (
    <PageFrame title={t('adminImport.title')} description={t('adminImport.description')}>
      {current ? <ImportStatus id={current} onClose={() => setCurrent(null)} /> : <ImportUpload onAccepted={(accepted) => setCurrent(accepted.id)} />}
      <RecentImports current={current} onShow={setCurrent} />
    </PageFrame>
  );
}
