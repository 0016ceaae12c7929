import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';

export function HomePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('home.title')} description={t('home.description')} />;
}
