import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences, UpdatePreferencesBody } from '@portal/contracts/alerts';
import { apiClient } from '../../../lib/api-client/client';

const preferencesQueryKey = ['me', 'preferences'] as const;

/** GET /api/Me/preferences: how the user is mailed about notifications. */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) => apiClient.get<Preferences>('/api/Me/preferences', { signal }),
  });

/** PUT /api/Me/preferences with the fields that change; the answer replaces the cached preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => apiClient.put<Preferences>('/api/Me/preferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
