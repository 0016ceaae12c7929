import { useTranslation } from 'react-i18next';
import { CadSection } from './cad-section';

export function DownloadsHistoryPage() {
  const { t } = useTranslation();
  return <CadSection title={t('cadFiles.downloadsHistory')} description={t('cadFiles.downloadsHistoryDescription')} />;
}
