import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconDeviceDesktopCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Favorite } from '@portal/contracts/favorites';
import { favoritePath } from '../../../lib/favorites/favorite-link';
import { RemoveFavoriteButton } from './remove-favorite-button';

type LinkFavorite = Extract<Favorite, { itemKind: 'software' | 'cad' }>;

function subtitle(favorite: LinkFavorite, t: (key: string) => string): string {
  if (favorite.itemKind === 'software') return favorite.equipmentName;
  return t({ model: 'favorites.cadModel', library: 'favorites.cadLibrary', set: 'favorites.cadSet' }[favorite.target]);
}

/** A software or CAD favourite: its name links to its page. */
export function FavoriteLinkCard({ favorite, addedOn }: { favorite: LinkFavorite; addedOn: string }) {
  const { t } = useTranslation();
  const Icon = favorite.itemKind === 'software' ? IconDeviceDesktopCode : IconBox;
  return (
    <Card component="article" withBorder radius="md" padding="md" data-testid="favorite-item" data-item-id={favorite.itemId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Icon size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Title order={3} fz="md" lh={1.35}>
            <Anchor component={Link} to={favoritePath(favorite) ?? '/favorites'} fw={600}>
              {favorite.title}
            </Anchor>
          </Title>
          <Text fz="sm" c="dimmed">
            {subtitle(favorite, t)} · {t('favorites.added', { date: addedOn })}
          </Text>
          <Group gap={4}>
            <RemoveFavoriteButton favorite={favorite} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
