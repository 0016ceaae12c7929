import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPrinter, IconTruckDelivery } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaperRequest, PaperRequestList, PaperRequestState } from '@portal/contracts/paper-requests';
import { formatDay } from '../../../lib/download/format';
import { FileDownloadButton } from '../../../lib/download/file-download-button';
import { languageName } from '../../../lib/i18n/language-name';
import { useTablePager } from '../../../lib/hooks/use-table-pager';
import { printPdfBlob } from '../api/paper-requests-api';
import type { PaperRequestStep } from './paper-request-step-modal';

const stateColors: Record<PaperRequestState, string> = { requested: 'blue', printed: 'yellow', shipped: 'green' };
/** The one step that may follow each state (the API refuses any other with 409). */
const nextStep: Record<PaperRequestState, PaperRequestStep | null> = { requested: 'printed', printed: 'shipped', shipped: null };

interface PaperRequestsTableProps {
  data: PaperRequestList | undefined;
  fetching: boolean;
  failed: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onStep: (request: PaperRequest, step: PaperRequestStep) => void;
}

/** A step done (printed or shipped): its date and note. */
function StepCell({ label, step, locale }: { label: string; step: PaperRequest['printed']; locale: string }) {
  if (!step) return null;
  return (
    <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span fz="xs" fw={600}>{label} {formatDay(step.at, locale)}</Text>
      {step.note && ` · ${step.note}`}
    </Text>
  );
}

/** The queue of paper requests, soonest due first: overdue ones marked in words, each row's print PDF and next step. */
export function PaperRequestsTable({ data, fetching, failed, page, pageSize, onPageChange, onStep }: PaperRequestsTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const pager = useTablePager({ rangeKey: 'adminPaperRequests.range', total: data?.total ?? 0, pageSize, page, onPageChange });
  const stepIcons = { printed: IconPrinter, shipped: IconTruckDelivery };

  const columns: DataTableColumn<PaperRequest>[] = [
    {
      accessor: 'serialNumber',
      title: t('adminPaperRequests.columns.serial'),
      noWrap: true,
      render: (request) => <Anchor component={Link} to={`/units/${encodeURIComponent(request.serialNumber)}`} fz="sm">{request.serialNumber}</Anchor>,
    },
    {
      accessor: 'requester',
      title: t('adminPaperRequests.columns.requester'),
      render: (request) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <Text fz="sm">{request.requester}</Text>
          <Text fz="xs" c="dimmed">{request.account}</Text>
        </div>
      ),
    },
    { accessor: 'language', title: t('adminPaperRequests.columns.language'), render: (request) => languageName(request.language, locale) },
    { accessor: 'requestedAt', title: t('adminPaperRequests.columns.requested'), noWrap: true, render: (request) => formatDay(request.requestedAt, locale) },
    {
      accessor: 'dueAt',
      title: t('adminPaperRequests.columns.due'),
      noWrap: true,
      render: (request) => (
        <Stack gap={2} align="flex-start">
          <Text fz="sm" fw={request.overdue ? 700 : undefined} c={request.overdue ? 'red' : undefined}>{formatDay(request.dueAt, locale)}</Text>
          {request.overdue && (
            <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-testid="overdue-marker">
              {t('adminPaperRequests.overdue')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'state',
      title: t('adminPaperRequests.columns.state'),
      render: (request) => <Badge color={stateColors[request.state]} variant="light" miw="max-content">{t(`adminPaperRequests.states.${request.state}`)}</Badge>,
    },
    {
      accessor: 'steps',
      title: t('adminPaperRequests.columns.steps'),
      width: 200,
      render: (request) => (
        <Stack gap={4}>
          <StepCell label={t('adminPaperRequests.states.printed')} step={request.printed} locale={locale} />
          <StepCell label={t('adminPaperRequests.states.shipped')} step={request.shipped} locale={locale} />
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('adminPaperRequests.columns.actions'),
      render: (request) => {
        const step = nextStep[request.state];
        const StepIcon = step ? stepIcons[step] : null;
        return (
          <Group gap="xs" wrap="wrap" miw={120}>
            <FileDownloadButton
              label={t('adminPaperRequests.printPdfOf', { serial: request.serialNumber })}
              job={() => ({ id: `paper-request-${request.id}`, fileName: `paper-request-${request.serialNumber}-${request.language}.pdf`, fetchBlob: printPdfBlob(request.id) })}
            />
            {step && StepIcon && (
              <Button size="compact-sm" variant="light" leftSection={<StepIcon size={14} aria-hidden />} onClick={() => onStep(request, step)} aria-label={t(`adminPaperRequests.step.${step}One`, { serial: request.serialNumber })}>
                {t(`adminPaperRequests.step.${step}Button`)}
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <DataTable<PaperRequest>
      withTableBorder
      borderRadius="md"
      minHeight={200}
      verticalAlign="top"
      records={data?.items ?? []}
      columns={columns}
      rowStyle={(request) => (request.overdue ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-6)' } : undefined)}
      fetching={fetching}
      noRecordsText={failed ? t('adminPaperRequests.errors.loadFailed') : t('adminPaperRequests.empty')}
      {...pager}
    />
  );
}
