import { Alert, Badge, Stack, Text, type MantineTheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingPlus, IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@portal/contracts/admin-users';
import { accountKinds, type AccountKind } from '@portal/contracts/admin-users-values';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ConsoleTable } from '../../../components/ui/console-table';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDay } from '../../../lib/dates';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { adminAccountsQueryOptions } from '../api/admin-users-api';
import { AccountDialog, type AccountDialogTarget } from './account-dialog';
import { DirectoryToolbar } from './directory-toolbar';

const pageSize = 25;
/** Columns a phone leaves out. */
const fromSmall = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/** "Accounts" of the console (admins): the customer and partner companies, who serves whom, searched and paged on the server. */
export function AccountsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<AccountKind | null>(null);
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search, 300);
  const accounts = useQuery(adminAccountsQueryOptions({ q, kind, page, pageSize }));
  const pager = useTablePager({ rangeKey: 'adminUsers.accounts.range', total: accounts.data?.total ?? 0, pageSize, page, onPageChange: setPage });
  const [dialog, setDialog] = useState<AccountDialogTarget | null>(null);
  const forbidden = accounts.error instanceof ApiError && accounts.error.status === 403;
  const names = (list: AdminAccount['partners']) => (list.length > 0 ? list.map((account) => account.name).join(', ') : '—');

  const columns: DataTableColumn<AdminAccount>[] = [
    { accessor: 'id', title: t('adminUsers.accounts.columns.id'), noWrap: true },
    { accessor: 'name', title: t('adminUsers.accounts.columns.name') },
    {
      accessor: 'kind',
      title: t('adminUsers.accounts.columns.kind'),
      noWrap: true,
      render: (account) => (
        <Badge variant="light" color={account.kind === 'partner' ? 'grape' : 'blue'} tt="none" miw="max-content">
          {t(`adminUsers.kinds.${account.kind}`)}
        </Badge>
      ),
    },
    {
      accessor: 'partners',
      title: t('adminUsers.accounts.columns.relations'),
      render: (account) =>
        account.kind === 'customer'
          ? t('adminUsers.accounts.servedBy', { names: names(account.partners) })
          : t('adminUsers.accounts.serving', { names: names(account.customers) }),
    },
    {
      accessor: 'updatedAt',
      title: t('adminUsers.accounts.columns.updated'),
      noWrap: true,
      visibleMediaQuery: fromSmall,
      render: (account) => <time dateTime={account.updatedAt}>{formatDay(account.updatedAt, i18n.language)}</time>,
    },
    {
      accessor: 'actions',
      title: t('adminUsers.columns.actions'),
      textAlign: 'right',
      render: (account) => (
        <RowActionButton leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setDialog({ mode: 'edit', account })} label={t('adminUsers.accounts.editOne', { name: account.name })}>
          {t('adminUsers.edit')}
        </RowActionButton>
      ),
    },
  ];

  return (
    <PageFrame title={t('adminUsers.accounts.title')} description={t('adminUsers.accounts.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('adminUsers.adminOnly')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <AccountDialog
            target={dialog}
            onClose={() => setDialog(null)}
            onSaved={(account, message) => notifications.show({ color: 'green', message: t(`adminUsers.accounts.${message}`, { name: account.name }) })}
          />
          <DirectoryToolbar
            search={search}
            searchPlaceholder={t('adminUsers.accounts.searchPlaceholder')}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
            filter={{
              label: t('adminUsers.accounts.kindFilter'),
              allLabel: t('adminUsers.kinds.all'),
              options: accountKinds.map((value) => ({ value, label: t(`adminUsers.kinds.${value}`) })),
              value: kind,
              width: 200,
            }}
            onFilter={(value) => {
              setKind(value);
              setPage(1);
            }}
            create={{ label: t('adminUsers.accounts.new'), icon: <IconBuildingPlus size={16} aria-hidden />, onClick: () => setDialog({ mode: 'create' }) }}
          />
          <ConsoleTable<AdminAccount>
            idAccessor="id"
            columns={columns}
            {...listQueryRows(accounts, { empty: q.trim() ? t('adminUsers.accounts.emptySearch') : t('adminUsers.accounts.empty'), failed: t('adminUsers.errors.loadFailed') })}
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
