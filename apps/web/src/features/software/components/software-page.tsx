import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';

export function SoftwarePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('software.title')} description={t('software.description')} />;
}
