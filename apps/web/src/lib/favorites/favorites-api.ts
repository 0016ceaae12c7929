import { queryOptions } from '@tanstack/react-query';
import type { Favorite, FavoriteListResponse, FavoriteParams } from '@portal/contracts/favorites';
import { apiClient } from '../api-client/client';

export const favoritesQueryKey = ['favorites'] as const;

/** Which item a star stands for: the path parameters of PUT and DELETE /api/Favorites/:itemKind/:itemId. */
export type FavoriteTarget = FavoriteParams;

export function favoriteKey({ itemKind, itemId }: FavoriteTarget): string {
  return `${itemKind}/${itemId}`;
}

const favoritePath = (target: FavoriteTarget) =>
  `/api/Favorites/${encodeURIComponent(target.itemKind)}/${encodeURIComponent(target.itemId)}`;

export function getFavorites(signal?: AbortSignal): Promise<FavoriteListResponse> {
  return apiClient.get('/api/Favorites', { signal });
}

export function putFavorite(target: FavoriteTarget): Promise<Favorite> {
  return apiClient.put(favoritePath(target), {});
}

export async function deleteFavorite(target: FavoriteTarget): Promise<void> {
  await apiClient.delete(favoritePath(target));
}

/** Every favourite of the user (all kinds), newest first: one list that every star reads. */
export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => getFavorites(signal),
    staleTime: 60 * 1000,
  });
