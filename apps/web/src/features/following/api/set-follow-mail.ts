import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Follow, FollowListResponse } from '@portal/contracts/alerts';
import { apiClient } from '../../../lib/api-client/client';
import { followKey, followsQueryKey, type FollowTarget } from '../../../lib/alerts/follows-api';

/** PATCH /api/Follows/:kind/:itemId: whether this item's news also comes by mail. */
export function patchFollowMail(target: FollowTarget, mail: boolean): Promise<Follow> {
  return apiClient.request<Follow>('PATCH', `/api/Follows/${encodeURIComponent(target.kind)}/${encodeURIComponent(target.itemId)}`, { body: { mail } });
}

/** Sets one follow's mail choice; the list every follow control reads takes the saved follow. */
export function useSetFollowMail(target: FollowTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: boolean) => patchFollowMail(target, mail),
    onSuccess: (saved) =>
      queryClient.setQueryData<FollowListResponse>(followsQueryKey, (list) =>
        list ? { items: list.items.map((item) => (followKey(item) === followKey(saved) ? saved : item)) } : list,
      ),
  });
}
