import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { signIn } from '../../../lib/auth/user-manager';
import { reportError } from '../../../lib/telemetry';

/** Shown when the sign-in return cannot be completed (expired or replayed state, provider error). */
export function SignInError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    reportError(error, 'sign-in callback');
  }, [error]);
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="md" ta="center">
        <Logo size={48} />
        <Title order={1} fz={28}>
          {t('auth.callbackFailed')}
        </Title>
        {error instanceof Error && <Text c="dimmed">{error.message}</Text>}
        <Button onClick={() => void signIn('/')}>{t('auth.signInAgain')}</Button>
      </Stack>
    </Center>
  );
}
