import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@portal/contracts/audit';
import { PageFrame } from '../../../components/layouts/page-frame';
import { ConsoleTable } from '../../../components/ui/console-table';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDateTime } from '../../../lib/download/format';
import { auditPageQueryOptions, auditQuery, type AuditFilters } from '../api/audit-api';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { AuditChangeList } from './audit-change-list';
import { AuditActionSentence, AuditActor, AuditObject } from './audit-entry-parts';
import { AuditFiltersForm } from './audit-filters';
import { AuditToolbar } from './audit-toolbar';
import { BreakableText } from './breakable-text';

/** The entries matching `filters`, paged newest first by cursor (remounted, back on the first page, when the filters change). */
function AuditEntries({ filters }: { filters: AuditFilters }) {
  const { t, i18n } = useTranslation();
  const pages = useCursorPages();
  const entries = useQuery(auditPageQueryOptions(filters, pages.cursor));
  const filtered = Object.keys(auditQuery(filters)).length > 0;

  const columns: DataTableColumn<AuditLogEntry>[] = [
    { accessor: 'at', title: t('adminAudit.columns.time'), noWrap: true, render: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> },
    { accessor: 'actor', title: t('auditLog.columns.who'), width: '16rem', render: (entry) => <AuditActor entry={entry} /> },
    { accessor: 'action', title: t('auditLog.columns.what'), width: '11rem', render: (entry) => <AuditActionSentence entry={entry} /> },
    { accessor: 'object', title: t('auditLog.columns.object'), width: '16rem', render: (entry) => <AuditObject entry={entry} /> },
    { accessor: 'change', title: t('adminAudit.columns.change'), render: (entry) => <AuditChangeList before={entry.before} after={entry.after} /> },
    {
      accessor: 'address',
      title: t('adminAudit.columns.origin'),
      render: (entry) => (
        <Text fz="xs" c="dimmed" lineClamp={2} title={entry.userAgent ?? undefined} style={{ overflowWrap: 'break-word' }}>
          <BreakableText text={[entry.address, entry.userAgent].filter(Boolean).join(' · ')} />
        </Text>
      ),
    },
  ];
  const nextCursor = entries.data?.nextCursor ?? null;

  return (
    <>
      {entries.isError && (
        <Alert color="red" variant="light" title={t('adminAudit.loadError')}>
          {entries.error instanceof ApiError ? entries.error.serverMessage : null}
        </Alert>
      )}
      <ConsoleTable<AuditLogEntry>
        verticalAlign="top"
        idAccessor="seq"
        records={entries.data?.entries ?? []}
        columns={columns}
        fetching={entries.isPending || entries.isPlaceholderData}
        noRecordsText={filtered ? t('auditLog.emptyFiltered') : t('adminAudit.empty')}
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
    </>
  );
}

/** The console's audit log (admins): filtered (the filters in the address), paged newest first, exported as CSV and its chain verified. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, applyFilters] = useAuditFilters();
  const filtersKey = JSON.stringify(filters);
  const probe = useQuery(auditPageQueryOptions(filters, undefined));
  const forbidden = probe.error instanceof ApiError && probe.error.status === 403;

  return (
    <PageFrame title={t('adminAudit.title')} description={t('adminAudit.description')}>
      {forbidden ? (
        <Alert color="gray" variant="light">
          {t('adminAudit.adminOnly')}
        </Alert>
      ) : (
        <Stack gap="md">
          <AuditFiltersForm key={filtersKey} value={filters} onApply={applyFilters} />
          <AuditToolbar filters={filters} />
          <AuditEntries key={filtersKey} filters={filters} />
        </Stack>
      )}
    </PageFrame>
  );
}
