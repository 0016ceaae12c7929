import { Alert, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDemoContent } from '../../lib/demo-content/use-demo-content';

/**
 * On a first start the server seeds its demo content after it starts listening: this says so above
 * every page while it runs, and the pages fill in by themselves once it is done.
 */
export function DemoContentBanner() {
  const { t } = useTranslation();
  const state = useDemoContent();
  if (state === 'preparing') {
    return (
      <Alert variant="light" color="blue" mb="lg" role="status" icon={<Loader size="xs" />} title={t('layout.demoContent.preparingTitle')} data-testid="demo-content-preparing">
        {t('layout.demoContent.preparing')}
      </Alert>
    );
  }
  if (state === 'failed') {
    return (
      <Alert variant="light" color="orange" mb="lg" role="status" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('layout.demoContent.failedTitle')}>
        {t('layout.demoContent.failed')}
      </Alert>
    );
  }
  return null;
}
