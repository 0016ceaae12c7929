import { useTranslation } from 'react-i18next';
import { CadSection } from './cad-section';

export function PartnersLibrariesPage() {
  const { t } = useTranslation();
  return <CadSection title={t('cadFiles.partnersLibraries')} description={t('cadFiles.partnersLibrariesDescription')} />;
}
