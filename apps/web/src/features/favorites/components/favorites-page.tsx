import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';

export function FavoritesPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('favorites.title')} description={t('favorites.description')} />;
}
