import { Button } from '@mantine/core';
import { IconStarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@portal/contracts/favorites';
import { useChangeFavorite } from '../../../lib/favorites/use-favorites';

/** Removes the favourite; the row disappears at once and comes back if the server refuses. */
export function RemoveFavoriteButton({ favorite }: { favorite: Favorite }) {
  const { t } = useTranslation();
  const change = useChangeFavorite(favorite);
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconStarOff size={16} aria-hidden />}
      aria-label={t('favorites.removeItem', { title: favorite.title })}
      onClick={() => change.mutate({ itemKind: favorite.itemKind, itemId: favorite.itemId, title: favorite.title, favorite: false })}
      data-testid="remove-favorite"
    >
      {t('favorites.removeButton')}
    </Button>
  );
}
