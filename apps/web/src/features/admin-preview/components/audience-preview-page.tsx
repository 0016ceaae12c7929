import { Badge, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchItem } from '@portal/contracts/documents';
import type { Role } from '@portal/contracts/users';
import { AccountPicker } from '../../../components/account-picker/account-picker';
import { PageFrame } from '../../../components/layouts/page-frame';
import { formatDay } from '../../../lib/download/format';
import { contentLabel } from '../../../lib/i18n/content-labels';
import { audiencePreviewQueryOptions } from '../api/audience-preview-api';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { ConsoleTable } from '../../../components/ui/console-table';

const pageSize = 25;
/** The audiences content is published for; staff see everything anyway. */
const previewRoles = ['customer', 'partner', 'employee'] as const satisfies readonly Role[];

/** "Preview as" of the console: the documents a role (and account) finds on the resources page, exactly as the search answers them. */
export function AudiencePreviewPage() {
  const { t, i18n } = useTranslation();
  const [asRole, setAsRole] = useState<Role>('customer');
  const [account, setAccount] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [[asAccount, q]] = useDebouncedValue([account, search] as const, 300);
  const preview = useQuery(audiencePreviewQueryOptions({ asRole, asAccount, q, page, pageSize }));
  const pager = useTablePager({ rangeKey: 'adminPreview.range', total: preview.data?.total ?? 0, pageSize, page, onPageChange: setPage });
  const typeLabels = new Map((preview.data?.facets.type ?? []).map((facet) => [facet.value, contentLabel(t, 'documentTypes', facet.value, facet.label)]));
  const productLabels = new Map((preview.data?.facets.product ?? []).map((facet) => [facet.value, contentLabel(t, 'products', facet.value, facet.label)]));

  const columns: DataTableColumn<SearchItem>[] = [
    { accessor: 'title', title: t('adminPreview.columns.title') },
    { accessor: 'typeCode', title: t('adminPreview.columns.type'), render: (item) => typeLabels.get(item.typeCode) ?? item.typeCode },
    { accessor: 'languageCode', title: t('adminPreview.columns.language'), render: (item) => item.languageCode.toUpperCase() },
    { accessor: 'resourceVersion', title: t('adminPreview.columns.version'), render: (item) => <Badge variant="outline">{item.resourceVersion}</Badge> },
    { accessor: 'products', title: t('adminPreview.columns.products'), render: (item) => item.products.map((code) => productLabels.get(code) ?? code).join(', ') },
    { accessor: 'publishedAt', title: t('adminPreview.columns.published'), noWrap: true, render: (item) => formatDay(item.publishedAt.slice(0, 10), i18n.language) },
  ];
  const restart = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <PageFrame title={t('adminPreview.title')} description={t('adminPreview.description')}>
      <Stack gap="sm">
        <Group align="flex-end">
          <NativeSelect
            label={t('adminPreview.role')}
            data={previewRoles.map((role) => ({ value: role, label: t(`adminPreview.roles.${role}`) }))}
            value={asRole}
            onChange={(event) => restart(setAsRole)(event.currentTarget.value as Role)}
            w={200}
          />
          <AccountPicker
            label={t('adminPreview.account')}
            description={t('adminPreview.accountHint')}
            kind={asRole === 'partner' ? 'partner' : asRole === 'customer' ? 'customer' : undefined}
            value={account || null}
            onChange={(picked) => restart(setAccount)(picked ?? '')}
            miw={260}
          />
          <TextInput
            label={t('adminPreview.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => restart(setSearch)(event.currentTarget.value)}
            w={280}
          />
        </Group>
        <Text fw={600} aria-live="polite" data-testid="preview-count">
          {preview.data ? t('adminPreview.count', { count: preview.data.total }) : '\u00a0'}
        </Text>
        <ConsoleTable<SearchItem>
          columns={columns}
          {...listQueryRows(preview, { empty: t('adminPreview.empty'), failed: t('adminPreview.loadFailed') })}
          {...pager}
        />
        <Text fz="xs" c="dimmed">
          {t('adminPreview.namedGrantsHint')}
        </Text>
      </Stack>
    </PageFrame>
  );
}
