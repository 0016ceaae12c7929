import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@portal/contracts/users';
import { apiClient } from '../api-client/client';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiClient.get('/api/Me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60 * 1000,
  });

/** The signed-in user as the API knows them (name, roles, account). */
export function useMe() {
  return useQuery(meQueryOptions());
}
