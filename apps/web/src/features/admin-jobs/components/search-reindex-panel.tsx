import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchReindexRun } from '@portal/contracts/search-reindex';
import { ApiError } from '../../../lib/api-client/api-error';
import { formatDateTime } from '../../../lib/download/format';
import { searchReindexQueryOptions, useStartSearchReindex } from '../api/search-reindex-api';
import { TitledPanel } from './titled-panel';

/** Whole percent done, never 100 before the end (an empty portal's run is done at once). */
export function percentDone(run: Pick<SearchReindexRun, 'done' | 'total' | 'status'>): number {
  if (run.status === 'done') return 100;
  return run.total === 0 ? 0 : Math.min(99, Math.floor((run.done / run.total) * 100));
}

/** The full re-index of search (admins only): its progress while it runs, the last one's end, and a start with confirmation. */
export function SearchReindexPanel() {
  const { t, i18n } = useTranslation();
  const state = useQuery(searchReindexQueryOptions());
  const start = useStartSearchReindex();
  const [confirming, setConfirming] = useState(false);
  const run = state.data?.run ?? null;
  const running = run?.status === 'running';

  const confirm = () =>
    start.mutate(undefined, {
      onSettled: () => setConfirming(false),
    });
  const startError = start.error && (start.error instanceof ApiError && start.error.status === 409 ? t('adminJobs.searchReindex.alreadyRunning') : t('adminJobs.searchReindex.startError'));

  return (
    <TitledPanel id="search-reindex-heading" icon={IconListSearch} title={t('adminJobs.searchReindex.title')}>
        <Text fz="sm" c="dimmed">
          {t('adminJobs.searchReindex.description')}
        </Text>
        {state.isError && <Alert color="red">{t('adminJobs.searchReindex.loadError')}</Alert>}
        {state.data && <RunState run={run} />}
        {startError && (
          <Alert color={start.error instanceof ApiError && start.error.status === 409 ? 'yellow' : 'red'} role="alert">
            {startError}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={() => setConfirming(true)} disabled={!state.data || running}>
            {t('adminJobs.searchReindex.start')}
          </Button>
        </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('adminJobs.searchReindex.confirmTitle')}>
        <Stack gap="sm">
          <Text fz="sm">{t('adminJobs.searchReindex.confirmText')}</Text>
          {run && <Text fz="sm">{t('adminJobs.searchReindex.confirmCount', { count: run.total, documents: run.total.toLocaleString(i18n.language) })}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('adminJobs.searchReindex.cancel')}
            </Button>
            <Button onClick={confirm} loading={start.isPending} data-autofocus>
              {t('adminJobs.searchReindex.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TitledPanel>
  );
}

function RunState({ run }: { run: SearchReindexRun | null }) {
  const { t, i18n } = useTranslation();
  if (!run) return <Text data-testid="search-reindex-state">{t('adminJobs.searchReindex.never')}</Text>;
  const percent = percentDone(run);
  const counts = { done: run.done.toLocaleString(i18n.language), total: run.total.toLocaleString(i18n.language) };
  if (run.status === 'done') {
    return (
      <Text data-testid="search-reindex-state">
        {t('adminJobs.searchReindex.finished', { ...counts, date: formatDateTime(run.finishedAt ?? run.updatedAt, i18n.language) })}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text data-testid="search-reindex-state" fw={600}>
        {t(run.reason === 'migration' ? 'adminJobs.searchReindex.runningMigration' : 'adminJobs.searchReindex.running', { date: formatDateTime(run.startedAt, i18n.language) })}
      </Text>
      <Progress value={percent} animated aria-label={t('adminJobs.searchReindex.progressLabel')} />
      <Text fz="sm">{t('adminJobs.searchReindex.progress', { ...counts, percent })}</Text>
      <Text fz="sm" c="dimmed">
        {t('adminJobs.searchReindex.lastMoved', { date: formatDateTime(run.updatedAt, i18n.language) })}
      </Text>
    </Stack>
  );
}
