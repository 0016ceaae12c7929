import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route's loader runs on first load (session check, sign-in return). */
export function FullPageLoader({ labelKey = 'app.loading' }: { labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh">
      <Stack align="center" gap="sm" role="status">
        <Loader color="brand" />
        <Text c="dimmed">{t(labelKey)}</Text>
      </Stack>
    </Center>
  );
}

export function SigningIn() {
  return <FullPageLoader labelKey="auth.signingIn" />;
}
