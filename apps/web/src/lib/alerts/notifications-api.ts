import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MarkNotificationsReadBody, NotificationListResponse } from '@portal/contracts/alerts';
import { apiClient } from '../api-client/client';

export const notificationsQueryKey = ['notifications'] as const;

/** How often the header's bell asks for the unread count (it also asks when the window regains focus). */
export const unreadPollInterval = 60 * 1000;

export const notificationsPageSize = 20;

/** GET /api/Notifications: one page, newest first, with the user's unread count. */
export function getNotifications(page: number, pageSize: number, signal?: AbortSignal): Promise<NotificationListResponse> {
  return apiClient.get('/api/Notifications', { signal, query: { page, pageSize } });
}

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'page', page],
    queryFn: ({ signal }) => getNotifications(page, notificationsPageSize, signal),
    placeholderData: keepPreviousData,
  });

const unreadCountQueryKey = [...notificationsQueryKey, 'unread'] as const;

/** The unread count alone (the smallest page), polled for the bell; a failed poll stays quiet. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: async ({ signal }) => (await apiClient.get<NotificationListResponse>('/api/Notifications', { signal, query: { pageSize: 1 }, notifyOnError: false })).unread,
    refetchInterval: unreadPollInterval,
    refetchOnWindowFocus: true,
  });

/** One page of notifications; its unread count also updates the bell, which may not have polled since. */
export function useNotifications(page: number) {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQueryOptions(page));
  const unread = query.data?.unread;
  useEffect(() => {
    if (unread !== undefined) queryClient.setQueryData(unreadCountQueryKey, unread);
  }, [queryClient, unread]);
  return query;
}

/** POST /api/Notifications/read; every notification query (the bell's count too) is refreshed afterwards. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) => apiClient.post<{ unread: number }>('/api/Notifications/read', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
