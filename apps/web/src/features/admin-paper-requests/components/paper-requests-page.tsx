import { Alert, Group, SegmentedControl, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperRequestStates, type PaperRequest, type PaperRequestState } from '@portal/contracts/paper-requests';
import { PageFrame } from '../../../components/layouts/page-frame';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { paperRequestsQueryOptions } from '../api/paper-requests-api';
import { usePaperRequestView } from '../hooks/use-paper-request-filter';
import { PaperRequestStepModal, type PaperRequestStep } from './paper-request-step-modal';
import { PaperRequestsTable } from './paper-requests-table';

const pageSize = 25;

/** /admin/paper-requests: printed instructions owners asked for, to print and ship within a month (publishers and admins). */
export function PaperRequestsPage() {
  const { t } = useTranslation();
  const [view, update] = usePaperRequestView();
  const requests = useQuery(paperRequestsQueryOptions({ ...view, pageSize }));
  const [target, setTarget] = useState<{ request: PaperRequest; step: PaperRequestStep } | null>(null);
  const overdueCount = requests.data?.overdueCount;

  return (
    <PageFrame title={t('adminPaperRequests.title')} description={t('adminPaperRequests.description')}>
      <Group align="flex-end" wrap="wrap" gap="md">
        <div>
          <Text component="span" id="paper-request-state-filter" fz="sm" fw={500} display="block" mb={4}>
            {t('adminPaperRequests.stateFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="paper-request-state-filter"
            value={view.state ?? 'all'}
            onChange={(value) => update({ state: value === 'all' ? null : (value as PaperRequestState) })}
            data={[{ value: 'all', label: t('adminPaperRequests.all') }, ...paperRequestStates.map((state) => ({ value: state, label: t(`adminPaperRequests.states.${state}`) }))]}
          />
        </div>
        <Switch label={t('adminPaperRequests.overdueOnly')} checked={view.overdueOnly} onChange={(event) => update({ overdueOnly: event.currentTarget.checked })} mb={6} />
        {overdueCount !== undefined && (
          <Text fz="sm" fw={overdueCount > 0 ? 600 : undefined} c={overdueCount > 0 ? 'red' : 'dimmed'} mb={6} data-testid="paper-requests-overdue-count">
            {t('adminPaperRequests.overdueCount', { count: overdueCount })}
          </Text>
        )}
      </Group>
      {requests.isError && (
        <Alert color="red" role="alert">
          {refusalText(requests.error, t('adminPaperRequests.errors.loadFailed')).join(' ')}
        </Alert>
      )}
      <PaperRequestsTable
        data={requests.data}
        fetching={requests.isPending || requests.isPlaceholderData}
        failed={requests.isError}
        page={view.page}
        pageSize={pageSize}
        onPageChange={(page) => update({ page })}
        onStep={(request, step) => setTarget({ request, step })}
      />
      <PaperRequestStepModal
        target={target}
        onClose={() => setTarget(null)}
        onDone={(request) => notifications.show({ color: 'green', message: t(`adminPaperRequests.step.${request.state === 'shipped' ? 'shipped' : 'printed'}Done`, { serial: request.serialNumber }) })}
      />
    </PageFrame>
  );
}
