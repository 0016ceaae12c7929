import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountKind,
  AdminAccount,
  AdminAccountList,
  AdminUser,
  AdminUserList,
  CreateAccountBody,
  CreateUserBody,
  UpdateAccountBody,
  UpdateUserBody,
  UserSource,
} from '@portal/contracts/admin-users';
import { apiClient } from '../../../lib/api-client/client';

export interface UserListFilter {
  q: string;
  source: UserSource | null;
  page: number;
  pageSize: number;
}

export interface AccountListFilter {
  q: string;
  kind: AccountKind | null;
  page: number;
  pageSize: number;
}

const usersKey = ['admin', 'users'] as const;
const accountsKey = ['admin', 'accounts'] as const;
/** The pickers' answers (components/account-picker): names change with the console's edits. */
const directoryKey = ['directory'] as const;

/** GET /api/Admin/users: one page of the local accounts and the users seen, by e-mail; unset filters are left out. */
export const adminUsersQueryOptions = ({ q, source, page, pageSize }: UserListFilter) =>
  queryOptions({
    queryKey: [...usersKey, 'list', { q, source, page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<AdminUserList>('/api/Admin/users', { signal, notifyOnError: false, query: { page, pageSize, ...(q.trim() ? { q: q.trim() } : {}), ...(source ? { source } : {}) } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/Admin/accounts: one page of the customer and partner accounts, by id. */
export const adminAccountsQueryOptions = ({ q, kind, page, pageSize }: AccountListFilter) =>
  queryOptions({
    queryKey: [...accountsKey, 'list', { q, kind, page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<AdminAccountList>('/api/Admin/accounts', { signal, notifyOnError: false, query: { page, pageSize, ...(q.trim() ? { q: q.trim() } : {}), ...(kind ? { kind } : {}) } }),
    placeholderData: keepPreviousData,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: usersKey }), client.invalidateQueries({ queryKey: accountsKey }), client.invalidateQueries({ queryKey: directoryKey })]);
}

/** POST /api/Admin/users: a local account; the caller shows a refusal under its form. */
export function useCreateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiClient.post<AdminUser>('/api/Admin/users', { body, notifyOnError: false }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/Admin/users/{id}: only what changed. */
export function useUpdateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserBody }) =>
      apiClient.request<AdminUser>('PATCH', `/api/Admin/users/${encodeURIComponent(id)}`, { body: changes, notifyOnError: false }),
    onSuccess: invalidate,
  });
}

export function useCreateAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => apiClient.post<AdminAccount>('/api/Admin/accounts', { body, notifyOnError: false }),
    onSuccess: invalidate,
  });
}

export function useUpdateAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAccountBody }) =>
      apiClient.request<AdminAccount>('PATCH', `/api/Admin/accounts/${encodeURIComponent(id)}`, { body: changes, notifyOnError: false }),
    onSuccess: invalidate,
  });
}
