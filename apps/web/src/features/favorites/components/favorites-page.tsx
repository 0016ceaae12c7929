import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { favoriteKinds } from '@portal/contracts/favorite-ids';
import { LazyDocumentViewerDialog } from '../../../components/document-viewer/lazy-document-viewer-dialog';
import { PageFrame } from '../../../components/layouts/page-frame';
import { formatDay } from '../../../lib/dates';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { useVisibleFavorites } from '../../../lib/favorites/use-favorites';
import { FavoriteDocumentCard } from './favorite-document-card';
import { FavoriteLinkCard } from './favorite-link-card';
import { useDocumentViewerPreload } from '../../../components/document-viewer/use-document-viewer-preload';

function EmptyFavorites() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={8} py="xl" data-testid="favorites-empty">
      <IconStar size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text fw={600}>{t('favorites.empty')}</Text>
      <Text c="dimmed" fz="sm" ta="center">
        {t('favorites.emptyHint')}
      </Text>
      <Button component={Link} to="/resources" variant="light" mt="xs">
        {t('favorites.browseResources')}
      </Button>
    </Stack>
  );
}

/** Issue #4 favourites page: the user's documents, software and CAD items, grouped by kind, newest first. */
export function FavoritesPage() {
  useDocumentViewerPreload();
  const { t, i18n } = useTranslation();
  const { items, isPending, isError, refetch } = useVisibleFavorites();
  const [viewing, setViewing] = useState<ViewerDocument | null>(null);

  let content;
  if (isError && !items) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('favorites.error')}>
        <Button variant="white" color="red" size="compact-sm" mt="xs" onClick={refetch}>
          {t('favorites.retry')}
        </Button>
      </Alert>
    );
  } else if (isPending || !items) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={t('app.loading')} />
      </Center>
    );
  } else if (items.length === 0) {
    content = <EmptyFavorites />;
  } else {
    content = favoriteKinds.map((kind) => {
      const ofKind = items.filter((item) => item.itemKind === kind);
      if (ofKind.length === 0) return null;
      return (
        <section key={kind} aria-labelledby={`favorites-${kind}`}>
          <Title order={2} fz="lg" mb="sm" id={`favorites-${kind}`}>
            {t(`favorites.kinds.${kind}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {ofKind.map((favorite) => {
              const addedOn = formatDay(favorite.createdAt, i18n.language);
              return favorite.itemKind === 'document' ? (
                <FavoriteDocumentCard key={favorite.itemId} favorite={favorite} addedOn={addedOn} onOpen={setViewing} />
              ) : (
                <FavoriteLinkCard key={favorite.itemId} favorite={favorite} addedOn={addedOn} />
              );
            })}
          </SimpleGrid>
        </section>
      );
    });
  }

  return (
    <PageFrame title={t('favorites.title')} description={t('favorites.description')}>
      <Stack gap="xl" data-testid="favorites-list">
        {content}
      </Stack>
      {viewing && <LazyDocumentViewerDialog document={viewing} opened onClose={() => setViewing(null)} />}
    </PageFrame>
  );
}
