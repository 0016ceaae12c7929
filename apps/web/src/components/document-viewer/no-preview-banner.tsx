import { Alert } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ink = '#1A1B1E';

/** Spec §2: the orange banner for a file the viewer cannot show. */
export function NoPreviewBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="filled"
      radius="sm"
      icon={<IconFileOff size={20} />}
      title={t('viewer.noPreview')}
      data-testid="no-preview-banner"
      // The theme's orange.6 is the warning colour #CE9041 (spec §9); white text on it would fall below 4.5:1.
      styles={{ root: { backgroundColor: 'var(--mantine-color-orange-6)' }, title: { color: ink }, icon: { color: ink }, message: { color: ink } }}
    >
      {t('viewer.noPreviewHint')}
    </Alert>
  );
}
