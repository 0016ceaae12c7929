import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobStatuses, type AdminJob, type JobStatus } from '@portal/contracts/admin-jobs';
import { formatDateTime } from '../../../lib/download/format';
import { jobsQueryOptions, useRetryFailedJobs, useRetryJob, type JobListFilter } from '../api/jobs-api';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { listQueryRows } from '../../../lib/hooks/list-query-rows';
import { ConsoleTable } from '../../../components/ui/console-table';
import { LabelledSegmentedControl } from '../../../components/ui/labelled-segmented-control';
import { RowActionButton } from '../../../components/ui/row-action-button';

/** The job kinds the portal runs today and their label keys (kinds hold dots, which i18next reads as nesting); another kind still shows, under its own name. */
const kindLabelKeys: Record<string, string> = {
  officePdf: 'officePdf',
  extractText: 'extractText',
  thumbnail: 'thumbnail',
  modelPreview: 'modelPreview',
  'alerts.fanOut': 'alertsFanOut',
  'alerts.fanOutSoftware': 'alertsFanOutSoftware',
  'alerts.fanOutCad': 'alertsFanOutCad',
  'alerts.mail': 'alertsMail',
  'alerts.digest': 'alertsDigest',
  'alerts.tick': 'alertsTick',
  'documents.publishScheduled': 'publishScheduled',
  adminImport: 'adminImport',
  'search.reindex': 'searchReindex',
};
const knownKinds = Object.keys(kindLabelKeys);
/** Kinds that always work on a document (its version, or the document itself): one of them without a subject lost its document. */
const documentKinds = new Set(['officePdf', 'extractText', 'thumbnail', 'alerts.fanOut', 'documents.publishScheduled']);
const statusColors: Record<JobStatus, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };
const pageSize = 25;

/** The table of background jobs: filter by status and kind, retry a failed one or all of them. */
export function JobsTable() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<JobListFilter>({ status: null, kind: null, page: 1, pageSize });
  const jobs = useQuery(jobsQueryOptions(filter));
  const pager = useTablePager({ rangeKey: 'adminJobs.range', total: jobs.data?.total ?? 0, pageSize, page: filter.page, onPageChange: (page) => setFilter({ ...filter, page }) });
  const failed = useQuery(jobsQueryOptions({ status: 'failed', kind: null, page: 1, pageSize: 1 }));
  const retryOne = useRetryJob();
  const retryAll = useRetryFailedJobs();
  const failedCount = failed.data?.total ?? 0;

  const kindLabel = (kind: string) => (kindLabelKeys[kind] ? t(`adminJobs.kinds.${kindLabelKeys[kind]}`) : kind);
  const retryFailed = () =>
    retryAll.mutate(undefined, {
      onSuccess: ({ retried }) => notifications.show({ color: 'green', message: t('adminJobs.retriedAll', { count: retried }) }),
    });

  const columns: DataTableColumn<AdminJob>[] = [
    { accessor: 'createdAt', title: t('adminJobs.columns.created'), render: (job) => formatDateTime(job.createdAt, i18n.language), noWrap: true },
    { accessor: 'kind', title: t('adminJobs.columns.kind'), render: (job) => kindLabel(job.kind) },
    {
      accessor: 'subject',
      title: t('adminJobs.columns.document'),
      render: (job) =>
        job.subject ? (
          <div>
            <Anchor component={Link} to={`/admin/documents?q=${encodeURIComponent(job.subject.serviceRef)}`} fz="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
              {job.subject.title}
            </Anchor>
            <Text fz="xs" c="dimmed">
              {job.subject.resourceVersion
                ? t('adminJobs.versionOf', { version: job.subject.resourceVersion, file: job.subject.fileName ?? '' })
                : job.subject.serviceRef}
            </Text>
          </div>
        ) : (
          <Text fz="sm" c="dimmed">
            {documentKinds.has(job.kind) ? t('adminJobs.documentGone') : t('adminJobs.notAboutDocument')}
          </Text>
        ),
    },
    {
      accessor: 'status',
      title: t('adminJobs.columns.status'),
      noWrap: true,
      render: (job) => (
        <Badge color={statusColors[job.status]} variant="light" miw="max-content">
          {t(`adminJobs.statuses.${job.status}`)}
        </Badge>
      ),
    },
    { accessor: 'attempts', title: t('adminJobs.columns.attempts'), textAlign: 'right' },
    { accessor: 'updatedAt', title: t('adminJobs.columns.updated'), render: (job) => formatDateTime(job.updatedAt, i18n.language), noWrap: true },
    {
      accessor: 'lastError',
      title: t('adminJobs.columns.error'),
      render: (job) =>
        job.lastError && (
          <Text fz="xs" ff="monospace" lineClamp={3} title={job.lastError} style={{ wordBreak: 'break-word' }}>
            {job.lastError}
          </Text>
        ),
    },
    {
      accessor: 'actions',
      title: t('adminJobs.columns.actions'),
      textAlign: 'right',
      render: (job) =>
        job.status === 'failed' && (
          <RowActionButton
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retryOne.isPending && retryOne.variables === job.id}
            onClick={() => retryOne.mutate(job.id)}
            label={t('adminJobs.retryOne', { kind: kindLabel(job.kind), document: job.subject?.title ?? job.id })}
          >
            {t('adminJobs.retry')}
          </RowActionButton>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <LabelledSegmentedControl
            labelId="job-status-filter"
            label={t('adminJobs.statusFilter')}
            value={filter.status ?? 'all'}
            onChange={(value) => setFilter({ ...filter, status: value === 'all' ? null : (value as JobStatus), page: 1 })}
            data={[{ value: 'all', label: t('adminJobs.all') }, ...jobStatuses.map((status) => ({ value: status, label: t(`adminJobs.statuses.${status}`) }))]}
          />
          <Select
            label={t('adminJobs.kindFilter')}
            value={filter.kind ?? 'all'}
            allowDeselect={false}
            onChange={(value) => setFilter({ ...filter, kind: !value || value === 'all' ? null : value, page: 1 })}
            data={[{ value: 'all', label: t('adminJobs.all') }, ...knownKinds.map((kind) => ({ value: kind, label: kindLabel(kind) }))]}
            w={220}
          />
        </Group>
        <Button color="red" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} disabled={failedCount === 0} loading={retryAll.isPending} onClick={retryFailed}>
          {t('adminJobs.retryAll', { count: failedCount })}
        </Button>
      </Group>
      <ConsoleTable<AdminJob>
        verticalAlign="top"
        columns={columns}
        {...listQueryRows(jobs, { empty: filter.status || filter.kind ? t('adminJobs.emptyFiltered') : t('adminJobs.emptyNone'), failed: t('adminJobs.loadError') })}
        {...pager}
      />
    </Stack>
  );
}
