import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { BackToSoftware } from './back-to-software';

interface SoftwareVersionPageProps {
  softwareEquipmentName: string;
  filename: string;
}

/** Documentation (release notes) for one software version. */
export function SoftwareVersionPage({ softwareEquipmentName, filename }: SoftwareVersionPageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <BackToSoftware />
      <PageFrame
        title={t('software.versionTitle')}
        description={t('software.versionDescription', { name: softwareEquipmentName, filename })}
      />
    </Stack>
  );
}
