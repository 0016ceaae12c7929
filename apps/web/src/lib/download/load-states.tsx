import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPackageOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/* The loading, error and empty states shared by the download-centre pages (software and CAD). */

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}

export function ErrorState({ title, onRetry, children }: { title: string; onRetry?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} data-testid="error-state">
      {children}
      {onRetry && (
        <Button variant="white" color="red" size="compact-sm" mt="xs" onClick={onRetry}>
          {t('downloads.retry')}
        </Button>
      )}
    </Alert>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="xl" data-testid="empty-state">
      <IconPackageOff size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text c="dimmed" fz="sm" ta="center">
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
