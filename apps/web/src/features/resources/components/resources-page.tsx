import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';

export function ResourcesPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('resources.title')} description={t('resources.description')} />;
}
