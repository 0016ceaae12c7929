import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../ui/logo';

/**
 * The not-found message: for any unknown address (full screen) and for an address inside a known
 * page whose item does not exist (`/software/<unknown>`), which shows it inside the layout.
 */
export function NotFoundContent() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
  return (
    <Stack align="center" gap="md" ta="center" maw={520} mx="auto" py="xl" data-testid="not-found">
      <Logo size={48} />
      {/* A dark green on light, a light green on dark: the big number keeps 4.5:1 in both themes. */}
      <Text fz={72} fw={800} lh={1} style={{ color: 'light-dark(var(--mantine-color-brand-8), var(--mantine-color-brand-3))' }} aria-hidden="true">
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.description')}</Text>
      <Button component={Link} to="/" mt="sm">
        {t('notFound.backHome')}
      </Button>
    </Stack>
  );
}
