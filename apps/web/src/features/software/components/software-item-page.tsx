import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/layouts/page-frame';
import { BackToSoftware } from './back-to-software';

/** One software item; the route passes the equipment name as a prop (spec §2). */
export function SoftwareItemPage({ softwareEquipmentName }: { softwareEquipmentName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <BackToSoftware />
      <PageFrame title={softwareEquipmentName} description={t('software.itemDescription', { name: softwareEquipmentName })} />
    </Stack>
  );
}
