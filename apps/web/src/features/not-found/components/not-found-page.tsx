import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Logo size={48} />
        <Text fz={72} fw={800} lh={1} c="brand.7" aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/" mt="sm">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
