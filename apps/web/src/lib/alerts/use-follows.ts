import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Follow, FollowListResponse } from '@portal/contracts/alerts';
import { deleteFollow, followKey, followsQueryKey, followsQueryOptions, putFollow, type FollowTarget } from './follows-api';

export interface FollowChange extends FollowTarget {
  /** The state asked for: true follows, false stops following. */
  follow: boolean;
}

const changeMutationKey = ['follows', 'change'] as const;

/** Stands for the list until it arrives. */
const noFollows: FollowListResponse = { items: [] };

/**
 * Whether the user follows the item, counting a change still on its way to the server (the
 * control flips at once). A search is compared in its stored form (see `searchFollowId`).
 */
export function useIsFollowed(target: FollowTarget): boolean {
  const key = followKey(target);
  // Only the item's own answer is taken from the list, "no" until it arrives: a control is drawn
  // again only when its own state changes, not whenever the list does (a result page holds 24).
  const select = useCallback((list: FollowListResponse) => list.items.some((item) => followKey(item) === key), [key]);
  const { data: followed = false } = useQuery({ ...followsQueryOptions(), placeholderData: noFollows, select });
  const pending = useMutationState({
    filters: { mutationKey: changeMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as FollowChange,
  }).findLast((change) => followKey(change) === key);
  return pending?.follow ?? followed;
}

function withChange(list: FollowListResponse | undefined, change: FollowChange, saved: Follow | undefined) {
  if (!list) return list;
  const others = list.items.filter((item) => followKey(item) !== followKey(change));
  return { items: saved ? [saved, ...others] : others };
}

async function applyChange(change: FollowChange): Promise<Follow | undefined> {
  if (change.follow) return putFollow(change);
  await deleteFollow(change);
  return undefined;
}

/**
 * Follows or stops following one item. Changes to it run one after another, so the last click
 * wins on the server too; a failure (already toasted by the API client) refetches the list.
 */
export function useChangeFollow(target: FollowTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeMutationKey,
    scope: { id: `follow:${followKey(target)}` },
    mutationFn: applyChange,
    onSuccess: (saved, change) => {
      queryClient.setQueryData<FollowListResponse>(followsQueryKey, (list) => withChange(list, change, saved));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: followsQueryKey }),
  });
}
