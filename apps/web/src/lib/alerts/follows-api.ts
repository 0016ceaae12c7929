import { queryOptions } from '@tanstack/react-query';
import type { Follow, FollowListResponse, FollowParams } from '@portal/contracts/alerts';
import { apiClient } from '../api-client/client';

export const followsQueryKey = ['follows'] as const;

/** What a follow control stands for: the path parameters of PUT and DELETE /api/Follows/:kind/:itemId. */
export type FollowTarget = FollowParams;

export function followKey({ kind, itemId }: FollowTarget): string {
  return `${kind}/${itemId}`;
}

const followPath = (target: FollowTarget) => `/api/Follows/${encodeURIComponent(target.kind)}/${encodeURIComponent(target.itemId)}`;

/** Quiet on failure: the controls then show "Follow", and a click says what is wrong. */
export function getFollows(signal?: AbortSignal): Promise<FollowListResponse> {
  return apiClient.get('/api/Follows', { signal, notifyOnError: false });
}

export function putFollow(target: FollowTarget): Promise<Follow> {
  return apiClient.put(followPath(target), {});
}

export async function deleteFollow(target: FollowTarget): Promise<void> {
  await apiClient.delete(followPath(target));
}

/** Every follow of the user (all kinds): one list that every follow control reads. */
export const followsQueryOptions = () =>
  queryOptions({
    queryKey: followsQueryKey,
    queryFn: ({ signal }) => getFollows(signal),
    staleTime: 60 * 1000,
  });
