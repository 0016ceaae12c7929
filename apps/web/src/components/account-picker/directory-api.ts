import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccountKind, DirectoryAccount, DirectoryUser } from '@portal/contracts/admin-users';
import { apiClient } from '../../lib/api-client/client';

/** How many choices a picker shows at once (the server's limit). */
export const pickerLimit = 20;

/** GET /api/Admin/directory/accounts: the accounts whose id or name holds `q` (publishers and admins). */
export const directoryAccountsQueryOptions = (q: string, kind?: AccountKind) =>
  queryOptions({
    queryKey: ['directory', 'accounts', kind ?? 'any', q],
    queryFn: ({ signal }) =>
      apiClient.get<{ items: DirectoryAccount[] }>('/api/Admin/directory/accounts', {
        signal,
        notifyOnError: false,
        query: { limit: pickerLimit, ...(q ? { q } : {}), ...(kind ? { kind } : {}) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** GET /api/Admin/directory/users: the enabled users whose name, e-mail or account holds `q`. */
export const directoryUsersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['directory', 'users', q],
    queryFn: ({ signal }) =>
      apiClient.get<{ items: DirectoryUser[] }>('/api/Admin/directory/users', { signal, notifyOnError: false, query: { limit: pickerLimit, ...(q ? { q } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
