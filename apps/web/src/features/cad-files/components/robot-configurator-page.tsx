import { useTranslation } from 'react-i18next';
import { CadSection } from './cad-section';

export function RobotConfiguratorPage() {
  const { t } = useTranslation();
  return <CadSection title={t('cadFiles.robotConfigurator')} description={t('cadFiles.robotConfiguratorDescription')} />;
}
