import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
  /** Translation keys of the labels, where the page holds several stars (default: add to / remove from favourites). */
  labels?: { add: string; remove: string };
}

const defaultLabels = { add: 'favorites.add', remove: 'favorites.remove' };

/** The star on results, cards and the viewer: adds or removes the item from the user's favourites. */
export function FavoriteToggle({ itemKind, itemId, title, size = 'lg', labels = defaultLabels }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const target = { itemKind, itemId };
  const isFavorite = useIsFavorite(target);
  const change = useChangeFavorite(target);
  const label = t(isFavorite ? labels.remove : labels.add);
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
      onClick={() =>
        change.mutate(
          { ...target, title, favorite: !isFavorite },
          { onSuccess: (_saved, { favorite }) => notifications.show({ color: 'green', title: t(favorite ? 'favorites.addedToast' : 'favorites.removedToast'), message: title }) },
        )
      }
    >
      <Icon size={20} stroke={1.7} />
    </ActionIcon>
  );
}
