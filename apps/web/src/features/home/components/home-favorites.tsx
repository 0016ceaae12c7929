import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBox, IconDeviceDesktopCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { favoritePath } from '../../../lib/favorites/favorite-link';
import { useVisibleFavorites } from '../../../lib/favorites/use-favorites';
import { DocumentRow } from './document-row';
import { HomeSection } from './home-section';

const shownFavorites = 5;

/** The user's newest favourites; documents open in the viewer, software and CAD items link to their pages. */
export function HomeFavorites({ onOpen }: { onOpen: (document: ViewerDocument) => void }) {
  const { t } = useTranslation();
  const { items, isPending } = useVisibleFavorites();

  let content;
  if (isPending) content = <Loader size="sm" role="status" aria-label={t('app.loading')} />;
  else if (items && items.length > 0) {
    content = (
      <Stack gap="sm">
        {items.slice(0, shownFavorites).map((favorite) => {
          if (favorite.itemKind === 'document') {
            return (
              <DocumentRow
                key={`${favorite.itemKind}/${favorite.itemId}`}
                document={favorite.document}
                thumbnailUrl={favorite.document.thumbnailUrl}
                // The reference and revision, never the uploaded file's own name.
                meta={`${favorite.document.serviceRef} · ${favorite.document.resourceVersion}`}
                onOpen={onOpen}
              />
            );
          }
          const Icon = favorite.itemKind === 'software' ? IconDeviceDesktopCode : IconBox;
          return (
            <Group key={`${favorite.itemKind}/${favorite.itemId}`} gap="sm" wrap="nowrap">
              <Icon size={24} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={favoritePath(favorite) ?? '/favorites'} fw={600} fz="sm" lineClamp={1}>
                  {favorite.title}
                </Anchor>
                <Text fz="xs" c="dimmed">
                  {t(`favorites.kinds.${favorite.itemKind}`)}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <HomeSection
      id="home-favorites"
      title={t('home.favorites')}
      more={{ to: '/favorites', label: t('home.seeAllFavorites') }}
      empty={t('home.favoritesEmpty')}
    >
      {content}
    </HomeSection>
  );
}
