import { Alert, Badge, Box, Group, Stack, Text, type MantineTheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@portal/contracts/admin-users';
import { userSources, type UserSource } from '@portal/contracts/admin-users-values';
import { accountLabel } from '../../../components/account-picker/picker-options';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ConsoleTable } from '../../../components/ui/console-table';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDateTime } from '../../../lib/dates';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { adminUsersQueryOptions } from '../api/admin-users-api';
import { UserDialog, type UserDialogTarget } from './user-dialog';
import { DirectoryToolbar } from './directory-toolbar';

const pageSize = 25;
/** Columns a phone leaves out (the edit dialog shows the user whole). */
const fromSmall = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/** "Users" of the console (admins): local accounts and users seen through the identity provider, searched and paged on the server. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<UserSource | null>(null);
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search, 300);
  const users = useQuery(adminUsersQueryOptions({ q, source, page, pageSize }));
  const pager = useTablePager({ rangeKey: 'adminUsers.users.range', total: users.data?.total ?? 0, pageSize, page, onPageChange: setPage });
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const forbidden = users.error instanceof ApiError && users.error.status === 403;

  const columns: DataTableColumn<AdminUser>[] = [
    {
      accessor: 'name',
      title: t('adminUsers.users.columns.user'),
      render: (user) => (
        <Box miw={170}>
          <Text fz="sm" fw={500}>{user.name}</Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>{user.email || t('adminUsers.users.noEmail')}</Text>
        </Box>
      ),
    },
    {
      accessor: 'roles',
      title: t('adminUsers.users.columns.roles'),
      render: (user) => (
        <Group gap={4}>
          {user.roles.map((role) => (
            <Badge key={role} variant="light" color={role === 'admin' ? 'red' : 'blue'} tt="none" miw="max-content">
              {t(`roles.${role}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { accessor: 'account', title: t('adminUsers.users.columns.account'), render: (user) => (user.account ? accountLabel(user.account) : '—') },
    { accessor: 'source', title: t('adminUsers.users.columns.source'), visibleMediaQuery: fromSmall, render: (user) => t(`adminUsers.sources.${user.source}`) },
    {
      accessor: 'lastSignInAt',
      title: t('adminUsers.users.columns.lastSignIn'),
      visibleMediaQuery: fromSmall,
      render: (user) => (user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt, i18n.language)}</time> : t('adminUsers.users.never')),
    },
    {
      accessor: 'disabled',
      title: t('adminUsers.users.columns.status'),
      noWrap: true,
      render: (user) => (
        <Badge variant="light" color={user.disabled ? 'gray' : 'green'} tt="none" miw="max-content">
          {user.disabled ? t('adminUsers.users.disabled') : t('adminUsers.users.active')}
        </Badge>
      ),
    },
    {
      accessor: 'actions',
      title: t('adminUsers.columns.actions'),
      textAlign: 'right',
      render: (user) => (
        <RowActionButton leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setDialog({ mode: 'edit', user })} label={t('adminUsers.users.editOne', { name: user.name || user.email })}>
          {t('adminUsers.edit')}
        </RowActionButton>
      ),
    },
  ];

  return (
    <PageFrame title={t('adminUsers.users.title')} description={t('adminUsers.users.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('adminUsers.adminOnly')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <UserDialog
            target={dialog}
            onClose={() => setDialog(null)}
            onSaved={(user, message) => notifications.show({ color: 'green', message: t(`adminUsers.users.${message}`, { name: user.name || user.email }) })}
          />
          <DirectoryToolbar
            search={search}
            searchPlaceholder={t('adminUsers.users.searchPlaceholder')}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
            filter={{
              label: t('adminUsers.users.sourceFilter'),
              allLabel: t('adminUsers.sources.all'),
              options: userSources.map((value) => ({ value, label: t(`adminUsers.sources.${value}`) })),
              value: source,
              width: 220,
            }}
            onFilter={(value) => {
              setSource(value);
              setPage(1);
            }}
            create={{ label: t('adminUsers.users.new'), icon: <IconUserPlus size={16} aria-hidden />, onClick: () => setDialog({ mode: 'create' }) }}
          />
          <ConsoleTable<AdminUser>
            idAccessor="id"
            columns={columns}
            {...listQueryRows(users, { empty: q.trim() ? t('adminUsers.users.emptySearch') : t('adminUsers.users.empty'), failed: t('adminUsers.errors.loadFailed') })}
            {...pager}
          />
          <Text fz="xs" c="dimmed">
            {t('adminUsers.auditHint')}
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}
