import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/contracts/audit';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ConsoleTable } from '../../../components/ui/console-table';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDateTime } from '../../../lib/download/format';
import { auditPageQueryOptions, noAuditFilters, type AuditFilters } from '../api/audit-api';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { AuditChangeList } from './audit-change-list';
import { AuditFiltersForm } from './audit-filters';
import { AuditToolbar } from './audit-toolbar';

/** The console's audit log (admins): filtered, paged newest first, exported as CSV and its chain verified. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const pages = useCursorPages();
  const entries = useQuery(auditPageQueryOptions(filters, pages.cursor));
  const forbidden = entries.error instanceof ApiError && entries.error.status === 403;

  const columns: DataTableColumn<AuditEntry>[] = [
    { accessor: 'at', title: t('adminAudit.columns.time'), noWrap: true, render: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> },
    {
      accessor: 'actor',
      title: t('adminAudit.columns.actor'),
      render: (entry) => (
        <div>
          <Text fz="sm" style={{ wordBreak: 'break-word' }}>
            {entry.actor ?? t('adminAudit.anonymous')}
          </Text>
          <Text fz="xs" c="dimmed">
            {[entry.roles.join(', '), entry.account].filter(Boolean).join(' · ')}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'action',
      title: t('adminAudit.columns.action'),
      noWrap: true,
      render: (entry) => (
        <Badge variant="light" color={entry.action === 'delete' || entry.action === 'revoke' ? 'red' : 'blue'} miw="max-content">
          {t(`adminAudit.actions.${entry.action}`)}
        </Badge>
      ),
    },
    {
      accessor: 'object',
      title: t('adminAudit.columns.object'),
      render: (entry) => (
        <Text fz="sm" style={{ wordBreak: 'break-all' }}>
          {entry.object.kind} <Text span ff="monospace" fz="xs" inherit>{entry.object.id}</Text>
        </Text>
      ),
    },
    { accessor: 'change', title: t('adminAudit.columns.change'), render: (entry) => <AuditChangeList before={entry.before} after={entry.after} /> },
    {
      accessor: 'address',
      title: t('adminAudit.columns.origin'),
      render: (entry) => (
        <Text fz="xs" c="dimmed" lineClamp={2} title={entry.userAgent ?? undefined} style={{ wordBreak: 'break-word' }}>
          {[entry.address, entry.userAgent].filter(Boolean).join(' · ')}
        </Text>
      ),
    },
  ];

  const apply = (next: AuditFilters) => {
    setFilters(next);
    pages.reset();
  };
  const nextCursor = entries.data?.nextCursor ?? null;

  return (
    <PageFrame title={t('adminAudit.title')} description={t('adminAudit.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('adminAudit.adminOnly')}
        </Alert>
      ) : (
        <Stack gap="md">
          <AuditFiltersForm value={filters} onApply={apply} />
          <AuditToolbar filters={filters} />
          {entries.isError && (
            <Alert color="red" variant="light" title={t('adminAudit.loadError')}>
              {entries.error instanceof ApiError ? entries.error.serverMessage : null}
            </Alert>
          )}
          <ConsoleTable<AuditEntry>
            verticalAlign="top"
            idAccessor="seq"
            records={entries.data?.entries ?? []}
            columns={columns}
            fetching={entries.isPending || entries.isPlaceholderData}
            noRecordsText={t('adminAudit.empty')}
          />
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={pages.pageNumber === 1} onClick={pages.newer}>
              {t('adminAudit.newer')}
            </Button>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('adminAudit.page', { page: pages.pageNumber })}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={nextCursor === null || entries.isPlaceholderData}
              onClick={() => nextCursor !== null && pages.older(nextCursor)}
            >
              {t('adminAudit.older')}
            </Button>
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
