import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FavoriteKind } from '@portal/contracts/favorites';
import { useChangeFavorite, useIsFavorite } from '../../lib/favorites/use-favorites';

export interface FavoriteToggleProps {
  itemKind: FavoriteKind;
  itemId: string;
  /** The item's title, kept with the favourite. */
  title: string;
  size?: ActionIconProps['size'];
}

/** The star on results, cards and the viewer: adds or removes the item from the user's favourites. */
export function FavoriteToggle({ itemKind, itemId, title, size = 'lg' }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const target = { itemKind, itemId };
  const isFavorite = useIsFavorite(target);
  const change = useChangeFavorite(target);
  const label = t(isFavorite ? 'favorites.remove' : 'favorites.add');
  const Icon = isFavorite ? IconStarFilled : IconStar;

  // A native tooltip: a result page holds 24 stars, and a floating tooltip each costs a render.
  return (
    <ActionIcon
      variant="subtle"
      color={isFavorite ? 'orange' : 'gray'}
      size={size}
      aria-label={label}
      title={label}
      aria-pressed={isFavorite}
      data-testid="favorite-toggle"
      onClick={() => change.mutate({ ...target, title, favorite: !isFavorite })}
    >
      <Icon size={20} stroke={1.7} />
    </ActionIcon>
  );
}
