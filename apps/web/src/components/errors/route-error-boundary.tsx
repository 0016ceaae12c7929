import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/telemetry';

/** Error element of every route: the rest of the app keeps working when one page fails. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  useEffect(() => {
    reportError(error, 'route');
  }, [error]);

  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" ta="center" role="alert">
        <Title order={1}>{t('errors.routeTitle')}</Title>
        <Text>{t('errors.routeDescription')}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
