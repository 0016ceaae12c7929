import { Anchor, AspectRatio, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { PublicDeclaration } from '@portal/contracts/unit-identification';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { currentSession } from '../../../lib/auth/session';
import { signIn } from '../../../lib/auth/user-manager';
import { publicApiUrl, publicDeclarationUrl, publicUnitQueryOptions } from '../api/get-public-unit';
import { pageLanguageOf } from '../utils/page-language';

/**
 * The model's picture (its product photo's thumbnail) in a fixed 4:3 box at most 240 px high, reserved
 * before the image loads so nothing below it moves; left out when the model has none or it fails to load.
 */
function ModelPicture({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <AspectRatio ratio={4 / 3} w="100%" maw={320} mx="auto" mt="sm" data-testid="public-unit-picture">
      <img src={publicApiUrl(url)} alt={name} onError={() => setFailed(true)} style={{ display: 'block', objectFit: 'contain', width: '100%', height: '100%', borderRadius: 'var(--mantine-radius-sm)' }} />
    </AspectRatio>
  );
}

/** The model's EU declaration of conformity, which anyone may open or save. */
function PublicDeclarations({ declarations, language }: { declarations: PublicDeclaration[]; language: string }) {
  const { t } = useTranslation();
  if (declarations.length === 0) return null;
  return (
    <Stack gap={6} data-testid="public-unit-declarations">
      <Text fz="sm" c="dimmed">{t('units.public.declaration')}</Text>
      {declarations.map((declaration) => (
        <Stack key={declaration.href} gap={4} data-testid="public-unit-declaration">
          <Anchor href={publicDeclarationUrl(declaration.href)} target="_blank" rel="noopener" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {declaration.title}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {t('units.version', { version: declaration.resourceVersion })} · {declaration.languageCode.toUpperCase()}
            {declaration.languageCode !== language && ` · ${t('units.inOtherLanguage', { language: declaration.languageCode.toUpperCase() })}`}
          </Text>
          <Group gap="xs">
            <Button component="a" href={publicDeclarationUrl(declaration.href)} target="_blank" rel="noopener" variant="light" size="compact-sm" leftSection={<IconFileText size={16} aria-hidden />} data-testid="public-unit-declaration-open">
              {t('units.public.openDeclaration')}
            </Button>
            <Button component="a" href={publicDeclarationUrl(declaration.href, true)} variant="light" size="compact-sm" leftSection={<IconDownload size={16} aria-hidden />} data-testid="public-unit-declaration-download">
              {t('units.public.downloadDeclaration')}
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * `/units/:serial/public`: what a signed-out person who scanned a machine's code sees first (issue 25):
 * the serial, the maker and the model (printed on the machine anyway) with its picture and the model's EU declaration of
 * conformity, never whose it is or its other documents, and a button that signs in and returns to the unit page.
 */
export function PublicUnitPage() {
  const { serial = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = pageLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  const query = useQuery(publicUnitQueryOptions(serial, language));
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
                  {unit.model.pictureUrl && <ModelPicture url={unit.model.pictureUrl} name={unit.model.name} />}
                </div>
              ) : (
                <Text data-testid="public-unit-unknown">{t('units.public.unknown')}</Text>
              )}
              <PublicDeclarations declarations={unit.declarations} language={language} />
            </>
          )}
          <Button onClick={() => void open()} h="auto" py="xs" styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} data-testid="public-unit-sign-in">{t('units.public.signIn')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
