import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { currentSession } from '../../../lib/auth/session';
import { signIn } from '../../../lib/auth/user-manager';
import { publicUnitQueryOptions } from '../api/get-public-unit';

/**
 * `/units/:serial/public`: what a signed-out person who scanned a machine's code sees first (issue 25):
 * the serial, the maker and the model (printed on the machine anyway), never whose it is or its
 * documents, and a button that signs in and returns to the unit page.
 */
export function PublicUnitPage() {
  const { serial = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(publicUnitQueryOptions(serial));
  const unit = query.data;
  const unitPage = `/units/${encodeURIComponent(serial)}`;
  useDocumentTitle(`${unit?.model?.name ?? serial} · ${t('app.name')}`);
  const open = () => (currentSession() ? navigate(unitPage) : signIn(unitPage));

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder radius="md" p="lg" w="100%" maw={440} data-testid="public-unit">
        <Stack gap="md">
          <Logo />
          <div>
            <Text fz="sm" c="dimmed">{t('units.public.serialScanned')}</Text>
            <Text fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }} data-testid="public-unit-serial">{serial}</Text>
          </div>
          {query.isPending && <Loader size="sm" />}
          {query.isError && <Text c="red">{t('units.public.loadError')}</Text>}
          {unit && (
            <>
              <div>
                <Text fz="sm" c="dimmed">{t('units.public.maker')}</Text>
                <Text data-testid="public-unit-maker">{unit.maker}</Text>
              </div>
              {unit.model ? (
                <div>
                  <Text fz="sm" c="dimmed">{t('units.public.model')}</Text>
                  <Title order={1} fz="h3" data-testid="public-unit-model">{unit.model.name}</Title>
                </div>
              ) : (
                <Text data-testid="public-unit-unknown">{t('units.public.unknown')}</Text>
              )}
            </>
          )}
          <Button onClick={() => void open()} h="auto" py="xs" styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} data-testid="public-unit-sign-in">{t('units.public.signIn')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
