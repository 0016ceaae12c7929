import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Favorite, FavoriteListResponse } from '@portal/contracts/favorites';
import { deleteFavorite, favoriteKey, favoritesQueryKey, favoritesQueryOptions, putFavorite, type FavoriteTarget } from './favorites-api';

export interface FavoriteChange extends FavoriteTarget {
  /** The state asked for: true adds, false removes. */
  favorite: boolean;
  title: string;
}

const changeMutationKey = ['favorites', 'change'] as const;

export function useFavorites() {
  return useQuery(favoritesQueryOptions());
}

/**
 * The favourite state the user asked for, by item key, while the server has not answered yet.
 * This is the optimistic part: stars and lists read it before the list itself.
 */
function usePendingChanges(): Map<string, boolean> {
  const pending = useMutationState({
    filters: { mutationKey: changeMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as FavoriteChange,
  });
  return useMemo(() => new Map(pending.map((change) => [favoriteKey(change), change.favorite])), [pending]);
}

/** Stands for the list until it arrives, so that a star's answer is "no" from the start rather than "not known". */
const noFavorites: FavoriteListResponse = { items: [], total: 0 };

/**
 * Whether the item is a favourite, counting changes still on their way to the server. Only the
 * item's own answer is taken from the list: when the list arrives or changes, a star is drawn again
 * only if its own state changed (a result page holds 24).
 */
export function useIsFavorite(target: FavoriteTarget): boolean {
  const key = favoriteKey(target);
  const select = useCallback((list: FavoriteListResponse) => list.items.some((item) => favoriteKey(item) === key), [key]);
  const { data: saved = false } = useQuery({ ...favoritesQueryOptions(), placeholderData: noFavorites, select });
  const pending = usePendingChanges();
  return pending.get(key) ?? saved;
}

/** The user's favourites without those being removed right now (optimistic removal). */
export function useVisibleFavorites(): { items: Favorite[] | undefined; isPending: boolean; isError: boolean; refetch: () => void } {
  const { data, isPending, isError, refetch } = useFavorites();
  const pending = usePendingChanges();
  const items = useMemo(() => data?.items.filter((item) => pending.get(favoriteKey(item)) !== false), [data, pending]);
  return { items, isPending, isError, refetch: () => void refetch() };
}

function withChange(list: FavoriteListResponse | undefined, change: FavoriteChange, saved: Favorite | undefined) {
  if (!list) return list;
  const key = favoriteKey(change);
  const others = list.items.filter((item) => favoriteKey(item) !== key);
  const items = saved ? [saved, ...others] : others;
  return { items, total: items.length };
}

async function applyChange(change: FavoriteChange): Promise<Favorite | undefined> {
  if (change.favorite) return putFavorite(change);
  await deleteFavorite(change);
  return undefined;
}

/**
 * Adds or removes a favourite. The star flips at once; the server's answer then updates the one
 * cached list, and a failure (already toasted by the API client) puts everything back by refetching.
 * With a `target`, changes to that item run one after another, so the last click wins on the server too.
 */
export function useChangeFavorite(target?: FavoriteTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeMutationKey,
    scope: target ? { id: favoriteKey(target) } : undefined,
    mutationFn: applyChange,
    onSuccess: (saved, change) => {
      queryClient.setQueryData<FavoriteListResponse>(favoritesQueryKey, (list) => withChange(list, change, saved));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
  });
}
